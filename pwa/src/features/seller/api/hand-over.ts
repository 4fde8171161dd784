import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath, isApiError, postLater, type Body } from '@/lib/api'
import { i18n } from '@/lib/i18n'
import type { QueuedRequest } from '@/lib/offline/outbox'
import type { KeyedRequest } from '@/lib/offline/use-send-or-queue'
import { updateListItem } from '@/lib/paged-list'
import { bookingKeys } from '@/lib/query-keys'
import { refresh, refreshAfterWrite } from '@/lib/refresh'
import type { Booking } from '@/lib/types'

/** code: the buyer's six digits, spaces taken out. */
export type HandoverInput = { bookingId: number } & Body<'/mybuyers/{id}/handover', 'post'>

export type HandoverRequest = KeyedRequest<HandoverInput>

export function handoverPath(bookingId: number): string {
  return apiPath('/mybuyers/{id}/handover', { id: bookingId })
}

/** The handovers the outbox holds: what My Buyers shows as 'Handed over — confirming'. */
export const handoverPathPattern = /^\/mybuyers\/(\d+)\/handover$/

/**
 * POST /api/mybuyers/{id}/handover: the seller enters the buyer's code at the
 * pickup; 200 with the booking, handed over and paid, its product sold. 422
 * names the field for a wrong code (the fifth locks the handover), 429 while
 * it is locked, 409 once handed over (or no longer open). With the same
 * idempotency key, a repeat gets the first answer.
 */
export function handOver({ bookingId, code }: HandoverInput, idempotencyKey: string): Promise<Booking> {
  return api.post('/mybuyers/{id}/handover', {
    path: { id: bookingId },
    body: { code },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

/** "123 456" → "123456"; what the server compares (it ignores spaces too). */
export function handoverDigits(typed: string): string {
  return typed.replace(/\s+/g, '')
}

/** What the outbox sends when Hand over was pressed offline (or got no answer). */
export function queuedHandover(
  booking: Pick<Booking, 'product' | 'product_id'>,
  { input, idempotencyKey }: HandoverRequest,
): QueuedRequest {
  return {
    ...postLater('/mybuyers/{id}/handover', { path: { id: input.bookingId }, body: { code: input.code } }),
    idempotencyKey,
    // A refusal is toasted as '<label>: <the server's reason>'.
    label: i18n._({ id: 'sell.handover.queuedLabel', message: 'Handover of {product}', values: { product: booking.product } }),
    sentMessage: handedOverMessage(booking.product),
    change: { kind: 'booking.handedover', booking_id: input.bookingId, product_id: booking.product_id },
    // Locked after wrong codes: say so now, rather than wait a quarter of an hour in the outbox.
    limitRefuses: true,
  }
}

export function handedOverMessage(product: string): string {
  return i18n._({ id: 'sell.handover.done', message: 'Handed over: {product} is sold', values: { product } })
}

export function useHandOver() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: HandoverRequest) => handOver(input, idempotencyKey),
    onSuccess: (booking) => {
      // The row says handed over at once, not after the list comes back.
      updateListItem<Booking>(queryClient, bookingKeys.onMyProducts(), booking.id, () => booking)
      void refreshAfterWrite(queryClient, {
        kind: 'booking.handedover',
        booking_id: booking.id,
        product_id: booking.product_id,
      })
    },
    onError: (error, { input }) => {
      // Already handed over, or no longer open: show the booking as it is.
      if (isApiError(error, 409)) void refresh(queryClient, { kind: 'booking.handedover', booking_id: input.bookingId })
    },
  })
}
