import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/booked/{id}: 200 with the booking, now Cancelled; 409 once paid. */
export function cancelOrder(id: number): Promise<Booking> {
  return api.delete('/booked/{id}', { path: { id } })
}

export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (booking) =>
      refreshAfterWrite(queryClient, { kind: 'booking', booking_id: booking.id, product_id: booking.product_id }),
  })
}
