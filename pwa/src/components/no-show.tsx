import { useState } from 'react'
import { Trans } from '@lingui/react'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { noShowBy, useAnswerNoShow, useNoShowOpen } from '@/lib/no-show'
import type { Booking } from '@/lib/types'
import { otherSide, type ReviewSide } from '@/lib/write-review'
import { Badge } from './badge'
import { Button } from './button'
import { TextDialog } from './text-dialog'

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
  const i18n = useI18n()
  const open = useNoShowOpen(booking)
  if (!open) return null
  const label =
    otherSide(side) === 'seller'
      ? i18n._({ id: 'common.noShow.sellerDidNotCome', message: 'The seller didn’t come' })
      : i18n._({ id: 'common.noShow.buyerDidNotCome', message: 'The buyer didn’t come' })
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
  const i18n = useI18n()
  const product = { 0: <strong /> }
  return (
    <>
      <p>
        {side === 'seller' ? (
          <Trans
            id="common.noShow.buyerConsequences"
            message="{buyer}’s booking of <0>{product}</0> ends. It counts as a no-show on their public profile for a year."
            values={{ buyer: booking.buyer_name, product: booking.product }}
            components={product}
          />
        ) : (
          <Trans
            id="common.noShow.sellerConsequences"
            message="Your booking of <0>{product}</0> ends. It counts as a no-show on the seller’s public profile for a year."
            values={{ product: booking.product }}
            components={product}
          />
        )}
      </p>
      <p className="mt-3">
        {i18n._({
          id: 'common.noShow.nextBuyer',
          message: 'The next buyer in line, if there is one, is told. Say so only if you were there at the agreed time.',
        })}
      </p>
    </>
  )
}

/**
 * In place of the status of a booking that ended because one side did not come
 * to the pickup: says which, clearly, as the viewer's `side` reads it.
 */
export function NoShowEnded({ booking, side }: { booking: Booking; side: ReviewSide }) {
  const i18n = useI18n()
  const who = noShowBy(booking)
  if (!who) return null
  const other = otherSide(side)
  let ended: string
  if (who === other) {
    ended =
      other === 'seller'
        ? i18n._({ id: 'common.noShow.endedSellerDidNotCome', message: 'Ended: the seller didn’t come' })
        : i18n._({ id: 'common.noShow.endedBuyerDidNotCome', message: 'Ended: the buyer didn’t come' })
  } else {
    ended =
      other === 'seller'
        ? i18n._({ id: 'common.noShow.endedSellerSaidYou', message: 'Ended: the seller said you didn’t come' })
        : i18n._({ id: 'common.noShow.endedBuyerSaidYou', message: 'Ended: the buyer said you didn’t come' })
  }
  return (
    <>
      <Badge tone="red">{i18n._({ id: 'common.noShow', message: 'No-show' })}</Badge>
      <p className="max-w-64 text-sm text-stone-700">{ended}</p>
      {who !== other && <NoShowAnswer booking={booking} />}
    </>
  )
}

/**
 * Said to the person a no-show was counted against: their answer, once given; before that, how to give it,
 * and the button that does.
 */
function NoShowAnswer({ booking }: { booking: Booking }) {
  const i18n = useI18n()
  const [asking, setAsking] = useState(false)
  const answer = useAnswerNoShow()
  const close = () => {
    answer.reset()
    setAsking(false)
  }
  if (booking.no_show_answer) {
    return (
      <p className="max-w-64 text-sm text-stone-700">
        {i18n._({ id: 'common.noShow.yourAnswer', message: 'Your answer: {answer}', values: { answer: booking.no_show_answer } })}
      </p>
    )
  }
  return (
    <>
      <p className="max-w-64 text-sm text-stone-600">
        {i18n._({
          id: 'common.noShow.howToAnswer',
          message: 'If it was not so, you can answer once; your answer shows beside it on your profile.',
        })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        aria-label={i18n._({
          id: 'common.noShow.answerAbout',
          message: 'Answer the no-show: {product}',
          values: { product: booking.product },
        })}
        onClick={() => setAsking(true)}
      >
        {i18n._({ id: 'common.noShow.answer', message: 'Answer' })}
      </Button>
      <TextDialog
        open={asking}
        title={i18n._({ id: 'common.noShow.answerTitle', message: 'Answer the no-show?' })}
        label={i18n._({ id: 'common.noShow.answerLabel', message: 'Your answer' })}
        submitLabel={i18n._({ id: 'common.noShow.answerSend', message: 'Add my answer' })}
        onCancel={close}
        onConfirm={(text) => answer.mutate({ id: booking.id, answer: text }, { onSuccess: close })}
        isPending={answer.isPending}
        error={answer.error}
      >
        {i18n._({
          id: 'common.noShow.answerExplained',
          message: 'Say what happened. You can answer only once, and everyone who sees your profile reads it beside the no-show.',
        })}
      </TextDialog>
    </>
  )
}
