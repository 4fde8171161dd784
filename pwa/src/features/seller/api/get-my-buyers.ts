import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { Booking, List } from '@/lib/types'
import { bookingKeys } from '@/lib/query-keys'

/** GET /api/mybuyers: the bookings on the signed-in seller's products, newest first. */
export function getMyBuyers(page: PageRequest, signal?: AbortSignal): Promise<List<Booking>> {
  return api.get('/mybuyers', { query: page, signal })
}

/** Kept on the device: at a pickup without signal, the seller still hands the product over (it is sent later). */
export const myBuyersQueryOptions = () => ({
  ...pagedListOptions(bookingKeys.onMyProducts(), getMyBuyers),
  meta: { offline: { scope: 'private', group: 'buyers', limit: 1 } } as const,
})

export function useMyBuyers() {
  return usePagedList(myBuyersQueryOptions())
}
