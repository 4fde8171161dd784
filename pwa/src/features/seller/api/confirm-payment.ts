import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { advertisedKeys, bookingKeys, productKeys } from '@/lib/query-keys'

/**
 * POST /api/booked/{id}/paid: the booking becomes Paid, the product Sold, its
 * other open bookings Cancelled and its advert goes. 409 when that is no longer possible.
 */
export function confirmPayment(bookingId: number): Promise<Booking> {
  return api.post<Booking>(`/booked/${encodeURIComponent(bookingId)}/paid`)
}

export function useConfirmPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: advertisedKeys.all }),
      ]),
  })
}
