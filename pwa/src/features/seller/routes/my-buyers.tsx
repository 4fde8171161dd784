import { useState } from 'react'
import { Trans } from '@lingui/react'
import toast from 'react-hot-toast'
import { Badge } from '@/components/badge'
import { BookingReview } from '@/components/booking-review'
import { BookingStatus, HandedOver } from '@/components/booking-status'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { MessageButton } from '@/components/message-button'
import { OfflineReason } from '@/components/offline-state'
import { NoShowButton, NoShowConsequences, NoShowEnded } from '@/components/no-show'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import { PickupTime } from '@/components/pickup-time'
import type { Column } from '@/components/table'
import { useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { useFormatPrice } from '@/lib/currency'
import { formatPostedDate } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { handoverOpen } from '@/lib/handover'
import { noShowBy, noShowOpen } from '@/lib/no-show'
import { useSendOrQueue } from '@/lib/offline/use-send-or-queue'
import type { Booking } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useBuyerNoShow } from '../api/buyer-no-show'
import { useConfirmPayment } from '../api/confirm-payment'
import { useDeclineBooking } from '../api/decline-booking'
import { useMyBuyers } from '../api/get-my-buyers'
import { queuedHandover, useHandOver } from '../api/hand-over'
import { useSeeBookings } from '../api/see-bookings'
import { useUnconfirmedHandovers } from '../api/waiting-handovers'
import { BuyerName } from '../components/buyer-name'
import { DeclineDialog } from '../components/decline-dialog'
import { HandoverDialog } from '../components/handover-dialog'

/** "+1 (555) 010-0" → "tel:+15550100". */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** An email that wraps after its '@' in a narrow column, not in the middle of a word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return <>{email}</>
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  )
}

export function MyBuyersRoute() {
  const i18n = useI18n()
  const buyers = useMyBuyers()
  useSeeBookings(buyers.items)
  const formatPrice = useFormatPrice()
  const payment = useConfirmedAction({
    mutation: useConfirmPayment(),
    variables: (booking: Booking) => booking.id,
    success: i18n._({ id: 'sell.buyers.paymentConfirmed', message: 'Payment confirmed' }),
  })
  const noShow = useConfirmedAction({
    mutation: useBuyerNoShow(),
    variables: (booking: Booking) => booking.id,
    success: i18n._({ id: 'sell.buyers.noShowDone', message: 'Booking ended: the buyer didn’t come' }),
  })
  const online = useOnline()
  const decline = useDeclineBooking()
  const [declining, setDeclining] = useState<Booking | null>(null)
  const { user } = useUser()
  const handOver = useHandOver()
  const sendOrQueue = useSendOrQueue()
  const [handingOver, setHandingOver] = useState<Booking | null>(null)
  // Handovers entered offline (or sent without an answer), and those the list has not shown since they were sent.
  const unconfirmed = useUnconfirmedHandovers(buyers.query.dataUpdatedAt)
  const submitHandover = (code: string) => {
    const booking = handingOver
    if (!booking || !user) return
    sendOrQueue({
      mutation: handOver,
      input: { bookingId: booking.id, code },
      userId: user.id,
      toQueued: (request) => queuedHandover(booking, request),
      onDone: () => setHandingOver(null),
      // A wrong code, a locked handover or one already done: the dialog says so.
    })
  }
  const confirmDecline = (reason: string) => {
    if (!declining) return
    decline.mutate(
      { bookingId: declining.id, reason },
      {
        onSuccess: () => {
          toast.success(i18n._({ id: 'sell.buyers.declined', message: 'Booking declined' }))
          setDeclining(null)
        },
      },
    )
  }

  const columns: Column<Booking>[] = [
    {
      header: i18n._({ id: 'sell.buyers.product', message: 'Product' }),
      cell: (booking) => (
        <div className="flex flex-wrap items-center gap-2 max-md:justify-end">
          <span className="font-medium">{booking.product}</span>
          {/* Booked since My Buyers last showed the seller their bookings, and still open. */}
          {booking.new && <Badge tone="amber">{i18n._({ id: 'sell.buyers.new', message: 'New' })}</Badge>}
        </div>
      ),
    },
    {
      // Who booked and how to reach them, together: the table stays readable beside the sidebar.
      header: i18n._({ id: 'sell.buyers.buyer', message: 'Buyer' }),
      cell: (booking) => (
        <div className="flex flex-col gap-0.5 max-md:items-end">
          <BuyerName booking={booking} />
          {/* The server leaves them empty once the booking no longer lets the seller reach the buyer. */}
          {booking.buyer_email && (
            <a href={`mailto:${booking.buyer_email}`} className="text-sm break-words md:whitespace-nowrap">
              <BreakableEmail email={booking.buyer_email} />
            </a>
          )}
          {booking.buyer_phone && (
            <a href={telHref(booking.buyer_phone)} className="text-sm whitespace-nowrap">
              {booking.buyer_phone}
            </a>
          )}
          {(booking.conversation_id || booking.product_id !== null) && (
            <MessageButton
              label={i18n._({ id: 'sell.buyers.message', message: 'Message the buyer' })}
              // The visible words first, then whom and what about (WCAG 2.5.3, label in name).
              ariaLabel={i18n._({
                id: 'sell.buyers.messageAbout',
                message: 'Message the buyer, {buyer}, about {product}',
                values: { buyer: booking.buyer_name, product: booking.product },
              })}
              about={{ about: 'booking', id: booking.id }}
              subject={booking.product}
              conversationId={booking.conversation_id}
              variant="ghost"
              size="sm"
              className="-ms-3 max-md:-me-3 max-md:ms-0"
            />
          )}
        </div>
      ),
    },
    { header: i18n._({ id: 'sell.buyers.meetingPlace', message: 'Meeting place' }), cell: (booking) => booking.location },
    {
      header: i18n._({ id: 'sell.buyers.price', message: 'Price' }),
      cell: (booking) => <span className="whitespace-nowrap">{formatPrice(booking.price)}</span>,
    },
    {
      // The actions sit with the status they change.
      header: i18n._({ id: 'sell.buyers.status', message: 'Status' }),
      cell: (booking) => {
        const confirming = unconfirmed.has(booking.id) && !booking.handed_over_at
        return (
          <div className="flex flex-col items-end gap-2 md:items-start">
            {noShowBy(booking) ? <NoShowEnded booking={booking} side="seller" /> : <BookingStatus status={booking.status} />}
            <PickupTime at={booking.pickup_at} />
            <HandedOver at={booking.handed_over_at} />
            {confirming && (
              <Badge tone="teal">{i18n._({ id: 'sell.buyers.confirming', message: 'Handed over — confirming' })}</Badge>
            )}
            {!confirming && handoverOpen(booking) && (
              <Button
                aria-label={i18n._({
                  id: 'sell.buyers.handOverTo',
                  message: 'Hand over {product} to {buyer}',
                  values: { product: booking.product, buyer: booking.buyer_name },
                })}
                size="sm"
                className="whitespace-nowrap"
                onClick={() => {
                  handOver.reset()
                  setHandingOver(booking)
                }}
              >
                {i18n._({ id: 'sell.handover.submit', message: 'Hand over' })}
              </Button>
            )}
            {!confirming && booking.status === 'Booked' && (
              <Button
                aria-label={i18n._({
                  id: 'sell.buyers.paymentReceivedFrom',
                  message: 'Payment received from {buyer} for {product}',
                  values: { buyer: booking.buyer_name, product: booking.product },
                })}
                variant="secondary"
                size="sm"
                className="whitespace-nowrap"
                onClick={() => payment.ask(booking)}
              >
                {i18n._({ id: 'sell.buyers.paymentReceived', message: 'Payment received' })}
              </Button>
            )}
            {!confirming && booking.status === 'Booked' && (
              <Button
                aria-label={i18n._({
                  id: 'sell.buyers.declineBooking',
                  message: 'Decline the booking of {product} by {buyer}',
                  values: { product: booking.product, buyer: booking.buyer_name },
                })}
                variant="secondary"
                size="sm"
                className="whitespace-nowrap"
                onClick={() => {
                  decline.reset()
                  setDeclining(booking)
                }}
              >
                {i18n._({ id: 'sell.buyers.decline', message: 'Decline' })}
              </Button>
            )}
            {!confirming && (
              <NoShowButton
                booking={booking}
                side="seller"
                about={`${booking.buyer_name}, ${booking.product}`}
                disabled={!online}
                onClick={() => noShow.ask(booking)}
              />
            )}
            {booking.status === 'Declined' && booking.decline_reason && !noShowBy(booking) && (
              <p className="max-w-56 text-sm text-stone-600">{booking.decline_reason}</p>
            )}
            <BookingReview booking={booking} side="seller" />
          </div>
        )
      },
    },
    {
      header: i18n._({ id: 'sell.buyers.bookedOn', message: 'Booked on' }),
      cell: (booking) => (
        <time dateTime={booking.time} className="whitespace-nowrap">
          {formatPostedDate(booking.time)}
        </time>
      ),
    },
  ]

  return (
    <>
      <PageHeader
        title={i18n._({ id: 'sell.buyers.title', message: 'My Buyers' })}
        description={i18n._({
          id: 'sell.buyers.description',
          message:
            'Bookings on your products. At the pickup, hand a product over with the buyer’s code, which confirms the payment too; or decline a booking.',
        })}
      />
      {buyers.items.some((booking) => noShowOpen(booking)) && (
        <div className="mb-4 empty:hidden">
          <OfflineReason action={i18n._({ id: 'sell.buyers.noShowOfflineAction', message: 'saying the buyer didn’t come' })} />
        </div>
      )}
      <PagedTable
        list={buyers}
        caption={i18n._({ id: 'sell.buyers.caption', message: 'Bookings on my products' })}
        columns={columns}
        emptyTitle={i18n._({ id: 'sell.buyers.empty', message: 'Nobody has booked your products yet' })}
        errorTitle={i18n._({ id: 'sell.buyers.loadError', message: 'Could not load your buyers' })}
      />
      <ConfirmDialog
        {...payment.dialog}
        title={i18n._({ id: 'sell.buyers.paymentTitle', message: 'Confirm the payment?' })}
        message={
          payment.target && (
            <p>
              <Trans
                id="sell.buyers.paymentMessage"
                message="{buyer} paid you {price} for <0>{product}</0>. The product becomes Sold, leaves the listings and its other bookings are cancelled. This can’t be undone."
                values={{
                  buyer: payment.target.buyer_name,
                  price: formatPrice(payment.target.price),
                  product: payment.target.product,
                }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'sell.buyers.paymentReceived', message: 'Payment received' })}
        tone="primary"
      />
      <ConfirmDialog
        {...noShow.dialog}
        title={i18n._({ id: 'sell.buyers.noShowTitle', message: 'The buyer didn’t come?' })}
        message={noShow.target && <NoShowConsequences booking={noShow.target} side="seller" />}
        confirmLabel={i18n._({ id: 'sell.buyers.noShowConfirm', message: 'The buyer didn’t come' })}
        cancelLabel={i18n._({ id: 'sell.buyers.goBack', message: 'Go back' })}
      />
      <DeclineDialog
        booking={declining}
        onCancel={() => setDeclining(null)}
        onConfirm={confirmDecline}
        isPending={decline.isPending}
        error={decline.error}
      />
      <HandoverDialog
        booking={handingOver}
        onCancel={() => setHandingOver(null)}
        onSubmit={submitHandover}
        isPending={handOver.isPending}
        error={handOver.error}
      />
    </>
  )
}
