import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Body } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** reason: shown to the buyer under 'Declined'; may be empty. */
export type DeclineRequest = { bookingId: number } & Required<Body<'/mybuyers/{id}', 'delete'>>

/** DELETE /api/mybuyers/{id} with {"reason"}: 200 with the Declined booking; 409 when it is no longer Booked. */
export function declineBooking({ bookingId, reason }: DeclineRequest): Promise<Booking> {
  return api.delete('/mybuyers/{id}', { path: { id: bookingId }, body: { reason } })
}

export function useDeclineBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineBooking,
    // The product may be Available again.
    onSuccess: (booking) =>
      refreshAfterWrite(queryClient, { kind: 'booking', booking_id: booking.id, product_id: booking.product_id }),
  })
}
