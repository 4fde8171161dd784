// The tests' server is typed by the OpenAPI document, as the app's calls are
// (src/lib/api.ts). The checks are types: `npm run typecheck` fails on them
// (an expected error that no longer errs fails too); vitest only runs the file.
import { describe, expect, it } from 'vitest'
import { buyer, makeBooking, makePost, makeProduct } from './fixtures'
import { apiError, json, mockApi, type MockRoutes } from './mock-api'

// Never called: only type-checked.
function routes(): MockRoutes[] {
  return [
    {
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products/:id': ({ params }) => json(makeProduct({ id: Number(params.id) })),
      'POST /api/booked': ({ body }) =>
        body ? json(makeBooking({ location: body.location }), 201) : apiError(422, 'Check the fields'),
    },
    // @ts-expect-error: the document has no such route
    { 'GET /api/product/:id': () => json(makeProduct()) },
    // @ts-expect-error: GET /api/auth/me answers a user, not a product
    { 'GET /api/auth/me': () => json(makeProduct()) },
    // @ts-expect-error: the document names the parameter {post}
    { 'GET /api/posts/:slug': () => json(makePost()) },
    // @ts-expect-error: a booking lacks what the server always sends
    { 'POST /api/booked': () => json({ id: 9 }, 201) },
    // @ts-expect-error: the body of POST /api/booked has no `product`
    { 'POST /api/booked': ({ body }) => json(makeBooking({ product: body?.product })) },
  ]
}

describe('mockApi', () => {
  it('answers a route of the document, and 404 for any other', async () => {
    expect(routes).toBeTypeOf('function')
    mockApi({ 'GET /api/products/:id': ({ params }) => json(makeProduct({ id: Number(params.id) })) })
    expect(await (await fetch('/api/products/4')).json()).toMatchObject({ id: 4 })
    expect((await fetch('/api/nothing')).status).toBe(404)
  })
})
