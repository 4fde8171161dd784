// A call names a path and method of the OpenAPI document, and gets the body
// and answer types the document gives them. The checks are types: `npm run
// typecheck` fails on them (an @ts-expect-error that no longer errs fails
// too); vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest'
import { api, apiPath, postLater, type Answer, type Body } from './api'
import type { components } from './api/schema.gen'

type Schemas = components['schemas']

// Never called: the calls below are only type-checked.
function calls() {
  return [
    // @ts-expect-error: the document has no such path
    api.get('/product/{id}', { path: { id: 1 } }),
    // @ts-expect-error: GET /api/auth/login is not in the document
    api.get('/auth/login'),
    // @ts-expect-error: the path's parameter is missing
    api.get('/products/{id}'),
    // @ts-expect-error: the parameter has another name
    api.get('/products/{id}', { path: { product: 1 } }),
    // @ts-expect-error: the body is required
    api.post('/auth/login'),
    // @ts-expect-error: the body lacks the password
    api.post('/auth/login', { body: { email: 'a@b.co' } }),
    // @ts-expect-error: GET takes no body
    api.get('/categories', { body: {} }),
    // @ts-expect-error: a query parameter the document does not know
    api.get('/audit', { query: { page: 2 } }),
    // @ts-expect-error: the outbox's requests are checked the same way
    postLater('/booked', { body: { product: 1 } }),
    // @ts-expect-error: an id in the path is a number, whatever the parameter is called
    api.put('/users/admin/{user}', { path: { user: '7' } }),
    // @ts-expect-error: the same path's GET takes an email, a post's a slug, but its PATCH an id
    api.patch('/posts/{post}', { path: { post: 'a-safe-pickup' }, body: {} }),
    // @ts-expect-error: apiPath wants every parameter of the path
    apiPath('/conversations/{id}/messages/{messageId}/accept', { id: 1 }),
  ]
}

// Never called either: a call answers a promise of the document's answer.
function answers() {
  expectTypeOf(api.get('/categories')).resolves.toEqualTypeOf<Schemas['CategoryPage']>()
  // @ts-expect-error: GET /api/site answers the Site, not a Product
  expectTypeOf(api.get('/site')).resolves.toEqualTypeOf<Schemas['Product']>()
  // @ts-expect-error: and the answer cannot be read as another type
  const product: Promise<Schemas['Product']> = api.get('/site')
  return product
}

describe('api', () => {
  it('answers with the type the document gives the path and method', () => {
    expectTypeOf(calls).toBeFunction()
    expectTypeOf<Answer<'/products/{id}', 'get'>>().toEqualTypeOf<Schemas['Product']>()
    expectTypeOf<Answer<'/auth/me', 'get'>>().toEqualTypeOf<Schemas['User'] | undefined>()
    expectTypeOf<Answer<'/auth/sessions', 'delete'>>().toEqualTypeOf<undefined>()
    expectTypeOf(answers).toBeFunction()
  })

  it('takes the body the document gives the path and method', () => {
    expectTypeOf<Body<'/auth/login', 'post'>>().toEqualTypeOf<{ email: string; password: string }>()
    expectTypeOf<Body<'/images', 'post'>>().toEqualTypeOf<FormData>()
  })
})
