import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/**
 * POST /api/booked/{id}/paid: the booking becomes Paid, the product Sold, its
 * other open bookings Cancelled and its advert goes. 409 when that is no longer possible.
 */
export function confirmPayment(bookingId: number): Promise<Booking> {
  return api.post('/booked/{id}/paid', { path: { id: bookingId } })
}

export function useConfirmPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (booking) =>
      refreshAfterWrite(queryClient, { kind: 'booking', booking_id: booking.id, product_id: booking.product_id }),
  })
}
