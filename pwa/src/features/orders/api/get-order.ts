import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Booking } from '@/lib/types'
import { getMyOrders } from './get-my-orders'
import { bookingKeys } from './keys'

const searchPageSize = 100

/**
 * One of the signed-in user's bookings, or null when it isn't theirs or
 * doesn't exist. The API has no GET /api/booked/{id}, so this pages through
 * GET /api/booked (100 at a time) until it finds it.
 */
export async function findMyOrder(id: number, signal?: AbortSignal): Promise<Booking | null> {
  for (let offset = 0; ; offset += searchPageSize) {
    const page = await getMyOrders({ limit: searchPageSize, offset }, signal)
    const found = page.items.find((booking) => booking.id === id)
    if (found) return found
    if (page.items.length === 0 || offset + page.items.length >= page.total) return null
  }
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => findMyOrder(id, signal),
  })

export function useOrder(id: number, enabled = true) {
  return useQuery({ ...orderQueryOptions(id), enabled })
}
