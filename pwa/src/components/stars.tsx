import type { I18n } from '@lingui/core'
import { Trans } from '@lingui/react'
import { maxStars } from '@/lib/api/contract.gen'
import { cn } from '@/lib/cn'
import { i18n as appI18n, intlLocale, useI18n } from '@/lib/i18n'
import type { Rating } from '@/lib/types'

const starPath = 'M12 2.6l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z'

export function StarIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cn('fill-current', className)}>
      <path d={starPath} strokeLinejoin="round" />
    </svg>
  )
}

/**
 * `value` out of five stars, the last one filled in part for an average
 * (4.5). For the eye only: the words beside them say the rating. Sized by
 * the font: a star is 1em.
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  const row = Array.from({ length: maxStars }, (_, i) => <StarIcon key={i} className="size-[1.1em] shrink-0" />)
  const filled = Math.min(Math.max(value / maxStars, 0), 1)
  return (
    <span aria-hidden="true" className={cn('relative inline-flex shrink-0 align-[-0.15em]', className)}>
      <span className="flex text-stone-300">{row}</span>
      <span className="absolute inset-y-0 start-0 flex overflow-hidden text-amber-500" style={{ width: `${filled * 100}%` }}>
        {row}
      </span>
    </span>
  )
}

/** "1 review", "12 reviews". */
export function reviewCount(count: number, i18n: I18n = appI18n): string {
  return count === 1
    ? i18n._({ id: 'common.reviewCount.one', message: '1 review' })
    : i18n._({ id: 'common.reviewCount.other', message: '{count} reviews', values: { count } })
}

/**
 * A person's rating: stars and "4.5 · 12 reviews", or "No reviews yet"
 * (unless `hideEmpty`, where nothing is shown then).
 */
export function RatingSummary({
  rating,
  className,
  hideEmpty = false,
}: {
  rating: Rating
  className?: string
  hideEmpty?: boolean
}) {
  const i18n = useI18n()
  if (rating.count === 0) {
    return hideEmpty ? null : (
      <p className={cn('text-stone-600', className)}>{i18n._({ id: 'common.noReviewsYet', message: 'No reviews yet' })}</p>
    )
  }
  return (
    <p className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-0.5 text-stone-800', className)}>
      <Stars value={rating.average} />
      <span>
        <Trans
          id="common.ratedOutOf"
          message="<0>Rated </0><1>{average}</1><2> out of {max},</2>"
          values={{
            average: rating.average.toLocaleString(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
            max: maxStars,
          }}
          components={{ 0: <span className="sr-only" />, 1: <span className="font-semibold" />, 2: <span className="sr-only" /> }}
        />
        <span aria-hidden="true"> ·</span> {reviewCount(rating.count, i18n)}
      </span>
    </p>
  )
}
