import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { Booking, List } from '@/lib/types'
import { bookingKeys } from '@/lib/query-keys'

/** GET /api/booked: the signed-in user's bookings, newest first. */
export function getMyOrders(page: PageRequest, signal?: AbortSignal): Promise<List<Booking>> {
  return api.get('/booked', { query: page, signal })
}

export const myOrdersQueryOptions = () => ({
  ...pagedListOptions(bookingKeys.list(), getMyOrders),
  meta: { offline: { scope: 'private', group: 'orders', limit: 1 } } as const,
})

export function useMyOrders() {
  return usePagedList(myOrdersQueryOptions())
}
