// A review of the other side of a handed-over booking: the buyer reviews the
// seller from My Orders, the seller the buyer from My Buyers. Each side may
// write one while the booking's review_until has not passed; others see it
// once both sides wrote theirs, or 14 days after it was written.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './api'
import { i18n } from './i18n'
import { updateListItem } from './paged-list'
import { bookingKeys } from './query-keys'
import { refreshAfterWrite } from './refresh'
import type { Booking, Review, ReviewInput } from './types'

/** The side the author took in the booking. */
export type ReviewSide = Review['role']

/** The side a review by `side` is about. */
export function otherSide(side: ReviewSide): ReviewSide {
  return side === 'buyer' ? 'seller' : 'buyer'
}

/** Whether `side` reviewed the booking already (an answer saved before reviews says neither did). */
export function reviewedBy(booking: Booking, side: ReviewSide): boolean {
  return (side === 'buyer' ? booking.buyer_reviewed : booking.seller_reviewed) === true
}

/** Whether the booking may be reviewed now: handed over (or paid by card) and within its window. */
export function reviewOpen(booking: Booking, now = Date.now()): boolean {
  return !!booking.review_until && Date.parse(booking.review_until) > now
}

/** What the author is told once the review is written, and while the other side has not written theirs. */
export function reviewedMessage(side: ReviewSide): string {
  return i18n._({
    id: 'review.reviewed',
    message: 'Reviewed — shown once the {other, select, buyer {buyer} other {seller}} reviews too, or in 14 days',
    values: { other: otherSide(side) },
  })
}

/** What the author is told once the review is written when the other side's came first: both show now (in English). */
export const bothReviewedMessage = 'Reviewed — you both reviewed each other, so both reviews show now'

export interface WriteReview {
  bookingId: number
  review: ReviewInput
  /** Made when the form opened: a repeat (a reply lost) gets the first answer. */
  idempotencyKey: string
}

/**
 * POST /api/booked/{id}/review (the buyer) or /api/mybuyers/{id}/review (the
 * seller): 201 with the review. 422 names the field (rating, text); 409 once
 * this side reviewed, or outside the booking's window.
 */
export function writeReview(side: ReviewSide, { bookingId, review, idempotencyKey }: WriteReview): Promise<Review> {
  const path = side === 'buyer' ? '/booked/{id}/review' : '/mybuyers/{id}/review'
  return api.post(path, { path: { id: bookingId }, body: review, headers: { 'Idempotency-Key': idempotencyKey } })
}

export function useWriteReview(side: ReviewSide) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WriteReview) => writeReview(side, input),
    onSuccess: (_review, { bookingId }) => {
      // The row says reviewed at once, not after the list comes back.
      const list = side === 'buyer' ? bookingKeys.list() : bookingKeys.onMyProducts()
      const reviewed = side === 'buyer' ? { buyer_reviewed: true } : { seller_reviewed: true }
      updateListItem<Booking>(queryClient, list, bookingId, (booking) => ({ ...booking, ...reviewed }))
      void refreshAfterWrite(queryClient, { kind: 'review.written', booking_id: bookingId })
    },
  })
}
