import type { I18n } from '@lingui/core'
import { useId, useState } from 'react'
import toast from 'react-hot-toast'
import { useForm, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form'
import { maxReviewTextLength, maxStars } from '@/lib/api/contract.gen'
import { cn } from '@/lib/cn'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { useFormSubmission } from '@/lib/server-field-errors'
import type { Booking } from '@/lib/types'
import {
  bothReviewedMessage,
  otherSide,
  reviewedBy,
  reviewedMessage,
  reviewOpen,
  useWriteReview,
  type ReviewSide,
} from '@/lib/write-review'
import { Button } from './button'
import { Dialog } from './dialog'
import { Field, Textarea } from './field'
import { FormError } from './form-error'
import { OfflineReason } from './offline-state'
import { StarIcon } from './stars'

interface BookingReviewProps {
  booking: Booking
  /** The side the viewer took: the buyer (My Orders) reviews the seller, the seller (My Buyers) the buyer. */
  side: ReviewSide
  className?: string
}

/**
 * A booking's review by one side: 'Review the seller' (or the buyer) while
 * the booking may be reviewed and this side has not, then what became of
 * the review; nothing before the handover or once the window closed unused.
 */
export function BookingReview({ booking, side, className }: BookingReviewProps) {
  const i18n = useI18n()
  const [open, setOpen] = useState(false)
  const other = otherSide(side)
  const title =
    other === 'seller'
      ? i18n._({ id: 'common.review.sellerOf', message: 'Review the seller of {product}', values: { product: booking.product } })
      : i18n._({ id: 'common.review.buyerOf', message: 'Review the buyer of {product}', values: { product: booking.product } })
  let shown = null
  if (reviewedBy(booking, side)) {
    shown = (
      <p className={cn('max-w-64 text-sm text-stone-700', className)}>
        {reviewedBy(booking, other)
          ? i18n._({ id: 'common.review.bothReviewed', message: 'You both reviewed each other' })
          : reviewedMessage(side)}
      </p>
    )
  } else if (reviewOpen(booking)) {
    shown = (
      <Button
        aria-label={title}
        variant="secondary"
        size="sm"
        className={cn('whitespace-nowrap', className)}
        onClick={() => setOpen(true)}
      >
        {other === 'seller'
          ? i18n._({ id: 'common.review.seller', message: 'Review the seller' })
          : i18n._({ id: 'common.review.buyer', message: 'Review the buyer' })}
      </Button>
    )
  }
  return (
    <>
      {shown}
      {/* Kept while open once the review is written, so it closes as a dialog does, focus and all. */}
      {(shown || open) && (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={
            <span className="line-clamp-2" title={title}>
              {title}
            </span>
          }
          // What was typed is not lost to a stray tap beside the dialog.
          closeOnBackdrop={false}
        >
          <ReviewForm booking={booking} side={side} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  )
}

interface ReviewValues {
  /** The radio's value, '1' to '5'; '' until chosen. */
  rating: string
  text: string
}

function ReviewForm({ booking, side, onDone }: { booking: Booking; side: ReviewSide; onDone: () => void }) {
  const i18n = useI18n()
  const online = useOnline()
  const write = useWriteReview(side)
  // One key per form: a second press, or a reply lost on the way back, writes one review.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ReviewValues>({ defaultValues: { rating: '', text: '' } })
  const submission = useFormSubmission(setError, ['rating', 'text'])
  const other = otherSide(side)

  const send = async ({ rating, text }: ReviewValues) => {
    const review = { rating: Number(rating), ...(text.trim() ? { text: text.trim() } : {}) }
    if (await submission.send(() => write.mutateAsync({ bookingId: booking.id, review, idempotencyKey }))) {
      toast.success(reviewedBy(booking, other) ? bothReviewedMessage : reviewedMessage(side))
      onDone()
    }
  }

  return (
    <form onSubmit={handleSubmit(send)} noValidate className="flex flex-col gap-4">
      <StarRating
        control={control}
        register={register('rating', {
          required: i18n._({ id: 'common.review.chooseStars', message: 'Choose 1 to {max} stars', values: { max: maxStars } }),
        })}
        error={errors.rating?.message}
      />
      <Field
        label={i18n._({ id: 'common.review.text', message: 'Your review (optional)' })}
        hint={
          other === 'seller'
            ? i18n._({
                id: 'common.review.text.hintSeller',
                message: 'What was it like to deal with the seller? Up to {max} characters.',
                values: { max: maxReviewTextLength },
              })
            : i18n._({
                id: 'common.review.text.hintBuyer',
                message: 'What was it like to deal with the buyer? Up to {max} characters.',
                values: { max: maxReviewTextLength },
              })
        }
        error={errors.text?.message}
      >
        {(field) => <Textarea maxLength={maxReviewTextLength} {...field} {...register('text')} />}
      </Field>
      <p className="text-sm text-stone-600">
        {other === 'seller'
          ? i18n._({
              id: 'common.review.visibilitySeller',
              message: 'Others see it on the seller’s page once they review you too, or 14 days after you send it.',
            })
          : i18n._({
              id: 'common.review.visibilityBuyer',
              message: 'Others see it on the buyer’s page once they review you too, or 14 days after you send it.',
            })}
      </p>
      <FormError error={submission.error} />
      <OfflineReason action={i18n._({ id: 'common.review.offlineAction', message: 'sending a review' })} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={write.isPending}>
          {i18n._({ id: 'common.cancel', message: 'Cancel' })}
        </Button>
        <Button type="submit" isLoading={write.isPending} disabled={!online}>
          {i18n._({ id: 'common.review.send', message: 'Send review' })}
        </Button>
      </div>
    </form>
  )
}

const starLabel = (stars: number, i18n: I18n) =>
  stars === 1
    ? i18n._({ id: 'common.stars.one', message: '1 star' })
    : i18n._({ id: 'common.stars.other', message: '{stars} stars', values: { stars } })

/**
 * 1 to 5 stars as a radio group: arrow keys move between them, each is
 * labelled ('4 stars'), and the stars up to the chosen (or pointed at) one
 * are filled.
 */
function StarRating({
  control,
  register,
  error,
}: {
  control: Control<ReviewValues>
  register: UseFormRegisterReturn<'rating'>
  error?: string
}) {
  const i18n = useI18n()
  const id = useId()
  const chosen = Number(useWatch({ control, name: 'rating' })) || 0
  const [pointed, setPointed] = useState(0)
  const shown = pointed || chosen
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium text-stone-800">{i18n._({ id: 'common.review.rating', message: 'Your rating' })}</legend>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex" onMouseLeave={() => setPointed(0)}>
          {Array.from({ length: maxStars }, (_, i) => i + 1).map((stars) => (
            <label
              key={stars}
              onMouseEnter={() => setPointed(stars)}
              className={cn(
                'relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-stone-100',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-[-2px] has-[:focus-visible]:outline-teal-700',
              )}
            >
              {/* Over the whole star, unseen: a tap on the star is a tap on the radio. */}
              <input
                type="radio"
                value={String(stars)}
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
                aria-invalid={error ? true : undefined}
                {...register}
              />
              <StarIcon className={cn('size-8 transition-colors', stars <= shown ? 'text-amber-500' : 'text-stone-300')} />
              <span className="sr-only">{starLabel(stars, i18n)}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-stone-700">
          {shown
            ? i18n._({ id: 'common.review.starsOf', message: '{shown} of {max}', values: { shown, max: maxStars } })
            : i18n._({ id: 'common.review.notRated', message: 'Not rated yet' })}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
