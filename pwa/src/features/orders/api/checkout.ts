import { useQuery } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api'
import { bookingKeys } from '@/lib/query-keys'
import type { Checkout } from '@/lib/types'

/**
 * POST /api/booked/{id}/checkout: starts, or finds again, the booking's card
 * payment. Null when the marketplace takes no cards, or this booking can no
 * longer be paid (409).
 */
export async function startCheckout(id: number): Promise<Checkout | null> {
  try {
    return await api.post('/booked/{id}/checkout', { path: { id } })
  } catch (error) {
    if (isApiError(error, 409)) return null
    throw error
  }
}

/** Kept in memory only: the client secret is never saved on the device. */
export function useCheckout(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...bookingKeys.detail(id), 'checkout'],
    queryFn: () => startCheckout(id),
    enabled,
    staleTime: Infinity,
    retry: false,
  })
}
