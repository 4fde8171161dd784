import { cn } from '@/lib/cn'
import { noShowBy, useNoShowOpen } from '@/lib/no-show'
import type { Booking } from '@/lib/types'
import { otherSide, type ReviewSide } from '@/lib/write-review'
import { Badge } from './badge'
import { Button } from './button'

interface NoShowButtonProps {
  booking: Booking
  /** The viewer's side: the buyer (My Orders) says the seller did not come, the seller (My Buyers) the buyer. */
  side: ReviewSide
  /** Whom and what the booking is about, for the button's accessible name. */
  about: string
  disabled?: boolean
  onClick: () => void
  className?: string
}

/**
 * "The seller didn't come" (or the buyer), once the agreed pickup time is two
 * hours past on an open booking; it shows up on screen when that moment comes.
 */
export function NoShowButton({ booking, side, about, disabled, onClick, className }: NoShowButtonProps) {
  const open = useNoShowOpen(booking)
  if (!open) return null
  const label = `The ${otherSide(side)} didn’t come`
  return (
    <Button
      aria-label={`${label}: ${about}`}
      variant="secondary"
      size="sm"
      className={cn('whitespace-nowrap', className)}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  )
}

/** What saying it does, said before it is done: the booking ends, it counts on their profile for a year, the next buyer is told. */
export function NoShowConsequences({ booking, side }: { booking: Booking; side: ReviewSide }) {
  const product = <strong>{booking.product}</strong>
  return (
    <>
      <p>
        {side === 'seller' ? (
          <>
            {booking.buyer_name}’s booking of {product} ends. It counts as a no-show on their public profile for a year.
          </>
        ) : (
          <>Your booking of {product} ends. It counts as a no-show on the seller’s public profile for a year.</>
        )}
      </p>
      <p className="mt-3">The next buyer in line, if there is one, is told. Say so only if you were there at the agreed time.</p>
    </>
  )
}

/**
 * In place of the status of a booking that ended because one side did not come
 * to the pickup: says which, clearly, as the viewer's `side` reads it.
 */
export function NoShowEnded({ booking, side }: { booking: Booking; side: ReviewSide }) {
  const who = noShowBy(booking)
  if (!who) return null
  const other = otherSide(side)
  return (
    <>
      <Badge tone="red">No-show</Badge>
      <p className="max-w-64 text-sm text-stone-700">
        {who === other ? `Ended: the ${other} didn’t come` : `Ended: the ${other} said you didn’t come`}
      </p>
    </>
  )
}
