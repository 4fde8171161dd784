import { describe, expect, it } from 'vitest'
import { makeBooking, makeMessage, makeProduct } from '@/testing/fixtures'
import { apiError, foreign, json, mockApi } from '@/testing/mock-api'
import { api, ApiError, apiPath, retryAfterSeconds, type Body } from './api'
import { setLanguage } from './i18n'

describe('api', () => {
  it('sends JSON under /api with the session cookie and reads JSON back', async () => {
    const fetch = mockApi({ 'POST /api/booked': ({ body }) => json(makeBooking({ id: 9, ...body }), 201) })
    const booking = await api.post('/booked', { body: { product_id: 4, location: 'Park', buyer_phone: '555 0100' } })
    expect(booking).toEqual(makeBooking({ id: 9, product_id: 4, location: 'Park', buyer_phone: '555 0100' }))
    const [, init] = fetch.mock.calls[0] ?? []
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    })
  })

  it("asks for the server's words in the language the app shows", async () => {
    const fetch = mockApi({ 'POST /api/auth/email/confirm': () => apiError(422, 'Dieser Link ist abgelaufen') })
    await setLanguage('de')
    await expect(api.post('/auth/email/confirm', { body: { token: 'spent' } })).rejects.toThrow('Dieser Link ist abgelaufen')
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Accept-Language': 'de' })
  })

  it('adds query parameters, skipping empty ones', async () => {
    const fetch = mockApi({ 'GET /api/products': () => json({ items: [], total: 0 }) })
    await api.get('/products', { query: { q: 'a@b.co', limit: 10, offset: undefined, location: '' } })
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/products?q=a%40b.co&limit=10')
  })

  it('sends each value of a list parameter, and a URLSearchParams as it is', async () => {
    const fetch = mockApi({ 'GET /api/products': () => json({ items: [], total: 0 }) })
    await api.get('/products', { query: { condition: ['Good', 'Fair'], limit: 5 } })
    await api.get('/products', { query: new URLSearchParams('q=oak+table&status=Sold&status=Reserved') })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/products?condition=Good&condition=Fair&limit=5',
      '/api/products?q=oak+table&status=Sold&status=Reserved',
    ])
  })

  it('fills in the path parameters, each encoded', async () => {
    const fetch = mockApi({
      'GET /api/myproducts/:email': () => json({ items: [], total: 0 }),
      'POST /api/conversations/:id/messages/:messageId/accept': () => json(makeMessage({ id: 7, accepted: true })),
    })
    await api.get('/myproducts/{email}', { path: { email: 'a/b@c.co' } })
    await api.post('/conversations/{id}/messages/{messageId}/accept', { path: { id: 3, messageId: 7 } })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/myproducts/a%2Fb%40c.co',
      '/api/conversations/3/messages/7/accept',
    ])
    expect(apiPath('/mybuyers/{id}/handover', { id: 5 })).toBe('/mybuyers/5/handover')
  })

  it('answers undefined for 204', async () => {
    mockApi({ 'DELETE /api/users/:id': () => json(null, 204) })
    await expect(api.delete('/users/{id}', { path: { id: 3 } })).resolves.toBeUndefined()
  })

  it('sends PATCH and a DELETE with a reason as JSON', async () => {
    const fetch = mockApi({
      'PATCH /api/products/:id': ({ body }) => json(makeProduct({ id: 4, resale_price: body?.resale_price })),
      'DELETE /api/mybuyers/:id': ({ body }) => json(makeBooking({ id: 7, decline_reason: body?.reason })),
    })
    await expect(api.patch('/products/{id}', { path: { id: 4 }, body: { resale_price: 99 } })).resolves.toEqual(
      makeProduct({ id: 4, resale_price: 99 }),
    )
    await expect(api.delete('/mybuyers/{id}', { path: { id: 7 }, body: { reason: 'Sold' } })).resolves.toEqual(
      makeBooking({ id: 7, decline_reason: 'Sold' }),
    )
    expect(fetch.mock.calls.map(([, init]) => [init?.method, init?.body])).toEqual([
      ['PATCH', '{"resale_price":99}'],
      ['DELETE', '{"reason":"Sold"}'],
    ])
  })

  it('sends form data without setting a content type', async () => {
    const fetch = mockApi({
      'POST /api/images': () => json({ url: '/images/a.webp', thumb_url: '/images/a-thumb.webp', width: 1, height: 1 }, 201),
    })
    const form = new FormData()
    form.append('image', new File(['x'], 'a.png'))
    await api.post('/images', { body: form })
    const [, init] = fetch.mock.calls[0] ?? []
    expect(init?.body).toBe(form)
    expect(init?.headers).not.toHaveProperty('Content-Type')
  })

  it("throws ApiError with the server's message and fields", async () => {
    mockApi({
      'POST /api/products': () => apiError(422, 'Check the fields', { resale_price: 'This field is required' }),
    })
    const error = await api.post('/products', { body: {} as Body<'/products', 'post'> }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 422,
      message: 'Check the fields',
      fields: { resale_price: 'This field is required' },
      isClientError: true,
    })
  })

  it('falls back to the status line when the body is not our JSON', async () => {
    mockApi({
      'GET /api/categories': () => foreign(new Response('<html>', { status: 500, statusText: 'Internal Server Error' })),
    })
    await expect(api.get('/categories')).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' })
  })

  it("says what a load balancer's own 502, 503 or 504 means, and keeps the wait it asks for", async () => {
    mockApi({
      'GET /api/categories': () =>
        foreign(new Response('<html>', { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '12' } })),
      'GET /api/posts': () => foreign(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    })
    await expect(api.get('/categories')).rejects.toMatchObject({
      status: 503,
      retryAfter: 12,
      isUnavailable: true,
      message: 'The marketplace cannot answer right now: try again in a moment.',
    })
    await expect(api.get('/posts')).rejects.toMatchObject({ status: 502, retryAfter: undefined, isUnavailable: true })
  })

  it('reads Retry-After given as seconds or as a date', () => {
    const now = Date.parse('2026-12-07T10:00:00Z')
    expect(retryAfterSeconds('5', now)).toBe(5)
    expect(retryAfterSeconds('Mon, 07 Dec 2026 10:00:30 GMT', now)).toBe(30)
    expect(retryAfterSeconds('Mon, 07 Dec 2026 09:00:00 GMT', now)).toBe(0)
    expect(retryAfterSeconds('soon', now)).toBeUndefined()
    expect(retryAfterSeconds(null, now)).toBeUndefined()
  })

  it('turns a network failure into ApiError status 0', async () => {
    mockApi({ 'GET /api/categories': () => Promise.reject(new TypeError('Failed to fetch')) })
    await expect(api.get('/categories')).rejects.toMatchObject({ status: 0, isClientError: false })
  })
})
