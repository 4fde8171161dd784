import { afterEach, describe, expect, it, vi } from 'vitest'
import { RehomeDB } from '@/lib/offline/db'
import { OfflineStore } from '@/lib/offline/offline-store'
import { createQueryClient } from '@/lib/query-client'
import { bookingKeys } from '@/lib/query-keys'
import { list, makeBooking } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import type { Booking } from '@/testing/fixtures'
import { handoverCodesKept, keepHandoverCodes } from './get-handover-code'
import { myOrdersQueryOptions } from './get-my-orders'

// The buyer's orders: one each way a booking may or may not still be handed over.
const orders = [
  makeBooking({ id: 1, status: 'Booked' }),
  makeBooking({ id: 2, status: 'Paid', handed_over_at: null }),
  makeBooking({ id: 3, status: 'Paid', handed_over_at: '2026-11-23T10:00:00.000Z' }),
  makeBooking({ id: 4, status: 'Cancelled' }),
]

function serve(bookings: Booking[]) {
  const asked: number[] = []
  mockApi({
    'GET /api/booked': () => json(list(bookings)),
    'GET /api/booked/:id/handover': ({ params }) => {
      asked.push(Number(params.id))
      return json({ code: String(100000 + Number(params.id)) })
    },
  })
  return asked
}

describe('the buyer’s handover codes', () => {
  let stop = () => {}
  afterEach(() => stop())

  it('are fetched with My Orders, each open one once, and kept as private data', async () => {
    const asked = serve(orders)
    const client = createQueryClient()
    stop = keepHandoverCodes(client)
    await client.fetchInfiniteQuery(myOrdersQueryOptions())
    await vi.waitFor(() => expect(client.getQueryData(bookingKeys.handoverCode(2))).toEqual({ code: '100002' }))
    expect(client.getQueryData(bookingKeys.handoverCode(1))).toEqual({ code: '100001' })
    expect(client.getQueryCache().find({ queryKey: bookingKeys.handoverCode(1) })?.meta?.offline).toMatchObject({
      scope: 'private',
      group: 'handover',
    })
    await client.refetchQueries({ queryKey: bookingKeys.list() })
    expect(asked.sort()).toEqual([1, 2])
  })

  it('are fetched for My Orders fetched before they were kept', async () => {
    const asked = serve(orders)
    const client = createQueryClient()
    await client.fetchInfiniteQuery(myOrdersQueryOptions())
    stop = keepHandoverCodes(client)
    await vi.waitFor(() => expect(asked.sort()).toEqual([1, 2]))
  })

  it('are fetched for the newest bookings only, as many as are kept', async () => {
    const many = Array.from({ length: handoverCodesKept + 5 }, (_, i) => makeBooking({ id: 100 - i }))
    const asked = serve(many)
    const client = createQueryClient()
    stop = keepHandoverCodes(client)
    await client.fetchInfiniteQuery(myOrdersQueryOptions())
    await vi.waitFor(() => expect(asked).toHaveLength(handoverCodesKept))
    expect(Math.min(...asked)).toBe(100 - handoverCodesKept + 1)
  })

  it('are saved on the device as the buyer’s own, and go at Log Out', async () => {
    serve(orders)
    const client = createQueryClient()
    const store = new OfflineStore({ databaseName: 'handover-codes-test' })
    const db = new RehomeDB(store.databaseName)
    const stopSaving = store.saveQueries(client)
    stop = keepHandoverCodes(client)
    try {
      await client.fetchInfiniteQuery(myOrdersQueryOptions())
      await vi.waitFor(() => expect(client.getQueryData(bookingKeys.handoverCode(2))).toBeDefined())
      await store.flush()
      const codes = await db.queries.filter((row) => row.group === 'handover').toArray()
      expect(codes.map((row) => [row.key, row.scope, row.data])).toEqual(
        expect.arrayContaining([
          [bookingKeys.handoverCode(1), 'private', { code: '100001' }],
          [bookingKeys.handoverCode(2), 'private', { code: '100002' }],
        ]),
      )
      await store.deletePrivateData()
      expect(await db.queries.filter((row) => row.group === 'handover').count()).toBe(0)
    } finally {
      stopSaving()
      db.close()
      await store.close()
    }
  })
})
