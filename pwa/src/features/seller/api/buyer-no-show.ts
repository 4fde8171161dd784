import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/**
 * POST /api/mybuyers/{id}/no-show: the buyer did not come. 200 with the booking,
 * now Declined with no_show "buyer"; 409 with why while it may not be said
 * (no agreed pickup time, less than two hours past it, no longer open).
 */
export function buyerNoShow(id: number): Promise<Booking> {
  return api.post('/mybuyers/{id}/no-show', { path: { id } })
}

export function useBuyerNoShow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: buyerNoShow,
    // The product may be Available again for the next buyer.
    onSuccess: (booking) =>
      refreshAfterWrite(queryClient, { kind: 'booking.noshow', booking_id: booking.id, product_id: booking.product_id }),
  })
}
