import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Booking } from '@/lib/types'
import { bookingKeys } from '@/lib/query-keys'

/** DELETE /api/booked/{id}: 200 with the booking, now Cancelled; 409 once paid. */
export function cancelOrder(id: number): Promise<Booking> {
  return api.delete<Booking>(`/booked/${encodeURIComponent(id)}`)
}

export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  })
}
