import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { bookingKeys } from '@/lib/query-keys'

/** One booking, or null when it does not exist or is not the caller's to see. */
export async function findMyOrder(id: number, signal?: AbortSignal): Promise<Booking | null> {
  try {
    return await api.get('/booked/{id}', { path: { id }, signal })
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null
    throw error
  }
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => findMyOrder(id, signal),
    meta: { offline: { scope: 'private', group: 'order', limit: 20 } },
  })

export function useOrder(id: number, enabled = true) {
  return useQuery({ ...orderQueryOptions(id), enabled })
}
