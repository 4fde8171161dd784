import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api'
import type { Booking, NewBooking } from '@/lib/types'
import { bookingKeys, productKeys } from './query-keys'

/**
 * POST /api/booked: 201 with the booking. 403 on one's own product; 409 when
 * the product is sold or already booked by this buyer.
 */
export function bookProduct(input: NewBooking): Promise<Booking> {
  return api.post<Booking>('/booked', input)
}

export function useBookProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bookProduct,
    onSuccess: () => {
      // Not awaited: the toast and closing the dialog need not wait for refetches.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all })
      void queryClient.invalidateQueries({ queryKey: productKeys.all })
    },
    onError: (error, input) => {
      // 409 may mean it was sold meanwhile: refresh the product so its page says
      // Sold. Category lists stay as they are, so the card (and the message in
      // its dialog) does not vanish under the reader.
      if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: productKeys.detail(input.product_id) })
    },
  })
}
