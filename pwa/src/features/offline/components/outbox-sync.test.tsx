import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buyer, makeBooking } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { OutboxSync } from './outbox-sync'

const booking = {
  path: '/booked',
  body: { product_id: 7, location: 'Park', buyer_phone: '555 0100' },
  idempotencyKey: 'key-1',
  label: 'Oak chair',
  sentMessage: 'Booked successfully',
  change: { kind: 'booking' as const, product_id: 7 },
}

describe('OutboxSync', () => {
  afterEach(() => vi.useRealTimers())

  it('sends again once the wait a 503 asked for is over, while the app stays online', async () => {
    // Only the sender's waits are faked; everything else runs on real time.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    let sent = 0
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/booked': () => {
        sent++
        return sent === 1
          ? apiError(503, 'The marketplace cannot reach its database: try again in a moment', undefined, { 'Retry-After': '5' })
          : json(makeBooking({ id: 11 }), 201)
      },
    })
    const { offline } = renderRoutes([{ path: '/', element: <OutboxSync /> }], '/')
    await act(() => offline.outbox.queue(buyer.id, booking))
    await waitFor(() => expect(sent).toBe(1))
    await act(() => offline.outbox.idle())

    // Not before the wait: the database is still coming back.
    await act(() => vi.advanceTimersByTimeAsync(4_000))
    expect(sent).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await waitFor(() => expect(sent).toBe(2))
    await act(() => offline.outbox.idle())
    expect(await offline.outbox.waiting(buyer.id, '/booked')).toEqual([])
  })

  it('counts a stopped run once, though more was queued while it was under way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    let answer: (response: ReturnType<typeof apiError>) => void = () => {}
    let sent = 0
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/booked': () => {
        sent++
        if (sent > 1) return json(makeBooking({ id: 10 + sent }), 201)
        return new Promise<ReturnType<typeof apiError>>((resolve) => (answer = resolve))
      },
    })
    const { offline } = renderRoutes([{ path: '/', element: <OutboxSync /> }], '/')
    await act(() => offline.outbox.queue(buyer.id, booking))
    await waitFor(() => expect(sent).toBe(1))
    // Each of these asks the sender again, and joins the run under way.
    for (const idempotencyKey of ['key-2', 'key-3', 'key-4']) {
      await act(() => offline.outbox.queue(buyer.id, { ...booking, idempotencyKey }))
    }
    answer(apiError(503, 'The marketplace cannot reach its database: try again in a moment', undefined, { 'Retry-After': '5' }))
    await act(() => offline.outbox.idle())

    // The wait asked for, not the one after four failures in a row (40 s).
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    await waitFor(() => expect(sent).toBe(5))
  })
})
