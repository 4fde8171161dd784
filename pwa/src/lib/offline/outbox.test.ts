import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { makeBooking, makeMessage } from '@/testing/fixtures'
import { isOnline } from '../connectivity'
import { RehomeDB } from './db'
import { OfflineStore } from './offline-store'
import { ApiError } from '../api'
import { retryWait, type Outbox, type QueuedRequest, type SendOutcome } from './outbox'

function booking(id: number, key: string): QueuedRequest {
  return {
    path: '/booked',
    body: { product_id: id, location: 'Park', buyer_phone: '555 0100' },
    idempotencyKey: key,
    label: `Product ${id}`,
    sentMessage: 'Booked successfully',
    change: { kind: 'booking', product_id: id },
  }
}

let outbox: Outbox
// What the device holds, looked at through a connection of its own.
let db: RehomeDB
let stores = 0

beforeEach(() => {
  const store = new OfflineStore({ databaseName: `outbox-test-${++stores}` })
  outbox = store.outbox
  db = new RehomeDB(store.databaseName)
  return async () => {
    await store.close()
    db.close()
  }
})

describe('outbox', () => {
  it('sends queued requests in order, each with its Idempotency-Key, and reports each outcome', async () => {
    const sent: number[] = []
    mockApi({
      'POST /api/booked': ({ body }) => {
        const id = (body as { product_id: number }).product_id
        sent.push(id)
        return id === 2 ? apiError(409, 'This product is already sold') : json(makeBooking({ id: 10 + id }), 201)
      },
    })
    const fetch = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }
    await outbox.queue(1, booking(1, 'key-1'))
    await outbox.queue(1, booking(2, 'key-2'))
    await outbox.queue(2, booking(3, 'someone-else'))

    const outcomes: SendOutcome[] = []
    await outbox.send(1, (outcome) => outcomes.push(outcome))

    expect(sent).toEqual([1, 2])
    expect(fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'])).toEqual([
      'key-1',
      'key-2',
    ])
    expect(outcomes.map((o) => [o.request.label, o.error?.message])).toEqual([
      ['Product 1', undefined],
      ['Product 2', 'This product is already sold'],
    ])
    // Only the other user's request is left.
    expect((await db.outbox.toArray()).map((e) => e.userId)).toEqual([2])
  })

  it('keeps a request that got no answer, and sends it again with the same key', async () => {
    let calls = 0
    const keys: string[] = []
    mockApi({
      'POST /api/booked': () => {
        calls++
        return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(makeBooking({ id: 11 }), 201)
      },
    })
    const fetch = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }
    await outbox.queue(1, booking(1, 'key-1'))

    const outcomes: SendOutcome[] = []
    await outbox.send(1, (outcome) => outcomes.push(outcome))
    expect(outcomes).toEqual([])
    expect(isOnline()).toBe(false)
    expect(await db.outbox.count()).toBe(1)

    await outbox.send(1, (outcome) => outcomes.push(outcome))
    for (const [, init] of fetch.mock.calls) keys.push((init.headers as Record<string, string>)['Idempotency-Key']!)
    expect(keys).toEqual(['key-1', 'key-1'])
    expect(outcomes).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('leaves requests for later on a server error or when signed out, answering what stopped it', async () => {
    mockApi({
      'POST /api/booked': () => apiError(503, 'Busy', undefined, { 'Retry-After': '7' }),
    })
    await outbox.queue(1, booking(1, 'key-1'))
    const busy = await outbox.send(1, () => {})
    expect([busy?.status, busy?.retryAfter, busy?.message]).toEqual([503, 7, 'Busy'])
    mockApi({ 'POST /api/booked': () => apiError(401, 'Sign in first') })
    expect((await outbox.send(1, () => {}))?.status).toBe(401)
    expect(await db.outbox.count()).toBe(1)
    mockApi({ 'POST /api/booked': () => json(makeBooking({ id: 11 }), 201) })
    expect(await outbox.send(1, () => {})).toBeUndefined()
  })

  it.each([
    ['no answer: the connection probe tells when to send', 0, undefined, 0, undefined],
    ['signed out: signing in sends', 401, undefined, 0, undefined],
    ['a 503 without Retry-After', 503, undefined, 0, 5_000],
    ['a 503 asking for more', 503, 20, 0, 20_000],
    ['the third 503 in a row', 503, 5, 2, 20_000],
    ['never more than a minute', 503, 3600, 9, 60_000],
    ['a 429', 429, 30, 0, 30_000],
  ])('waits before sending again after %s', (_, status, retryAfter, failures, wait) => {
    expect(retryWait(new ApiError(status, 'x', {}, retryAfter), failures)).toBe(wait)
  })

  it('leaves a request for later on 429, unless a 429 refuses it (a locked handover)', async () => {
    mockApi({
      'POST /api/booked': () => apiError(429, 'Too many bookings'),
      'POST /api/mybuyers/:id/handover': () => apiError(429, 'Too many wrong codes: try again in 15 minutes'),
    })
    await outbox.queue(1, booking(1, 'key-1'))
    const outcomes: SendOutcome[] = []
    await outbox.send(1, (outcome) => outcomes.push(outcome))
    expect(outcomes).toEqual([])
    expect(await db.outbox.count()).toBe(1)

    await db.outbox.clear()
    await outbox.queue(1, { ...booking(0, 'key-2'), path: '/mybuyers/7/handover', body: { code: '123456' }, limitRefuses: true })
    await outbox.queue(1, booking(2, 'key-3'))
    await outbox.send(1, (outcome) => outcomes.push(outcome))
    expect(outcomes.map((o) => [o.request.idempotencyKey, o.error?.status])).toEqual([['key-2', 429]])
    // The booking behind it was sent, and waits again for its own 429.
    expect((await db.outbox.toArray()).map((e) => e.idempotencyKey)).toEqual(['key-3'])
  })

  it("answers a user's requests waiting for one path, and tells when one is queued or leaves", async () => {
    mockApi({ 'POST /api/conversations/:id/messages': () => json(makeMessage({ id: 1 }), 201) })
    let changes = 0
    const stop = outbox.subscribeChanges(() => changes++)
    const message = (key: string, userId = 1) =>
      outbox.queue(userId, { ...booking(0, key), path: '/conversations/3/messages', body: { text: key } })
    await message('first')
    await message('second')
    await message('not mine', 2)
    await outbox.queue(1, booking(1, 'a booking'))
    expect((await outbox.waiting(1, '/conversations/3/messages')).map((e) => e.idempotencyKey)).toEqual(['first', 'second'])
    expect(changes).toBe(4)
    expect((await outbox.waiting(1, /^\/conversations\/\d+\/messages$/)).map((e) => e.idempotencyKey)).toEqual([
      'first',
      'second',
    ])

    await outbox.send(1, () => undefined)
    expect(await outbox.waiting(1, '/conversations/3/messages')).toEqual([])
    expect(changes).toBe(7)
    expect(outbox.changeCount()).toBe(7)
    stop()
  })
})
