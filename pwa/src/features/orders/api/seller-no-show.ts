import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/**
 * POST /api/booked/{id}/no-show: the seller did not come. 200 with the booking,
 * now Cancelled with no_show "seller"; 409 with why while it may not be said
 * (no agreed pickup time, less than two hours past it, no longer open).
 */
export function sellerNoShow(id: number): Promise<Booking> {
  return api.post('/booked/{id}/no-show', { path: { id } })
}

export function useSellerNoShow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sellerNoShow,
    onSuccess: (booking) =>
      refreshAfterWrite(queryClient, { kind: 'booking.noshow', booking_id: booking.id, product_id: booking.product_id }),
  })
}
