import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, isApiError, postLater } from '@/lib/api'
import { i18n } from '@/lib/i18n'
import type { QueuedRequest } from '@/lib/offline/outbox'
import type { KeyedRequest } from '@/lib/offline/use-send-or-queue'
import type { Booking, NewBooking, Product } from '@/lib/types'
import { refresh, refreshAfterWrite } from '@/lib/refresh'

/**
 * POST /api/booked: 201 with the booking. 403 on one's own product; 409 when
 * the product is sold or already booked by this buyer. With the same
 * idempotency key, a repeat gets the first answer and books nothing more.
 */
export function bookProduct(input: NewBooking, idempotencyKey: string): Promise<Booking> {
  return api.post('/booked', { body: input, headers: { 'Idempotency-Key': idempotencyKey } })
}

/** A booking with the key made for it; the outbox reuses the key when the request gets no answer. */
export type BookingRequest = KeyedRequest<NewBooking>

/** What the outbox sends when Book Now was pressed offline (or got no answer). */
export function queuedBooking(product: Product, { input, idempotencyKey }: BookingRequest): QueuedRequest {
  return {
    ...postLater('/booked', { body: input }),
    idempotencyKey,
    label: product.product,
    sentMessage: bookedMessage(),
    change: { kind: 'booking', product_id: input.product_id },
  }
}

/** The toast once a booking went through, in the language of the moment it is asked for. */
export function bookedMessage(): string {
  return i18n._({ id: 'booking.booked', message: 'Booked successfully' })
}

export function useBookProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: BookingRequest) => bookProduct(input, idempotencyKey),
    // Not awaited: the toast and closing the dialog need not wait for refetches.
    onSuccess: (booking) =>
      void refreshAfterWrite(queryClient, { kind: 'booking', booking_id: booking.id, product_id: booking.product_id }),
    onError: (error, { input }) => {
      // 409 may mean it was sold meanwhile: refresh the product so its page says
      // Sold. Category lists stay as they are, so the card (and the message in
      // its dialog) does not vanish under the reader.
      if (isApiError(error, 409)) void refresh(queryClient, { kind: 'booking.refused', product_id: input.product_id })
    },
  })
}
