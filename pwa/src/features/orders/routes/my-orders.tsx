import { useState } from 'react'
import { Link } from 'react-router-dom'
import { BookingReview } from '@/components/booking-review'
import { BookingStatus, HandedOver } from '@/components/booking-status'
import { Button, buttonClasses } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { MessageButton } from '@/components/message-button'
import { NoShowButton, NoShowConsequences, NoShowEnded } from '@/components/no-show'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import { PickupTime } from '@/components/pickup-time'
import type { Column } from '@/components/table'
import { Thumbnail } from '@/components/thumbnail'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useCardPayments, useFormatPrice } from '@/lib/currency'
import { handoverOpen } from '@/lib/handover'
import { noShowBy, noShowOpen } from '@/lib/no-show'
import { paths } from '@/lib/paths'
import type { Booking } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useCancelOrder } from '../api/cancel-order'
import { useMyOrders } from '../api/get-my-orders'
import { useSellerNoShow } from '../api/seller-no-show'
import { HandoverCodeDialog } from '../components/handover-code-dialog'

export function MyOrdersRoute() {
  const orders = useMyOrders()
  const formatPrice = useFormatPrice()
  const online = useOnline()
  // Pay only where paying here does something: by card, when the marketplace takes cards.
  const cardPayments = useCardPayments()
  const cancellation = useConfirmedAction({
    mutation: useCancelOrder(),
    variables: (order: Booking) => order.id,
    success: 'Booking cancelled',
  })
  const noShow = useConfirmedAction({
    mutation: useSellerNoShow(),
    variables: (order: Booking) => order.id,
    success: 'Booking ended: the seller didn’t come',
  })
  // The booking whose handover code shows: read from the list, so the dialog sees it handed over.
  const [showingCode, setShowingCode] = useState<number | null>(null)

  const columns: Column<Booking>[] = [
    {
      header: 'Image',
      asideWhenStacked: true,
      cell: (order) => <Thumbnail src={order.thumb_url || order.image} alt={order.product} size={56} />,
    },
    { header: 'Name', cell: (order) => <span className="font-medium">{order.product}</span> },
    { header: 'Price', cell: (order) => formatPrice(order.price) },
    {
      header: 'Status',
      cell: (order) => (
        <div className="flex flex-col items-end gap-1 md:items-start">
          {noShowBy(order) ? <NoShowEnded booking={order} side="buyer" /> : <BookingStatus status={order.status} />}
          <PickupTime at={order.pickup_at} />
          <HandedOver at={order.handed_over_at} />
          {order.status === 'Declined' && order.decline_reason && !noShowBy(order) && (
            <p className="max-w-64 text-sm text-stone-700">
              <span className="sr-only">The seller’s reason: </span>
              {order.decline_reason}
            </p>
          )}
        </div>
      ),
    },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (order) => (
        <div className="flex w-full flex-wrap justify-end gap-2 md:justify-start">
          {handoverOpen(order) && (
            <Button
              aria-label={`Show handover code for ${order.product}`}
              size="sm"
              variant={order.status === 'Booked' && cardPayments ? 'secondary' : 'primary'}
              className="whitespace-nowrap"
              onClick={() => setShowingCode(order.id)}
            >
              Show handover code
            </Button>
          )}
          <BookingReview booking={order} side="buyer" />
          {order.status === 'Booked' ? (
            <>
              {cardPayments && order.product_id !== null ? (
                <Link
                  aria-label={`Pay for ${order.product}`}
                  to={paths.payment(order.id)}
                  // Online, the payment screen is loaded as a page of its own: only
                  // its document may load Stripe's card form (the server's policy).
                  reloadDocument={online}
                  className={buttonClasses({ size: 'sm' })}
                >
                  Pay
                </Link>
              ) : (
                <>
                  <span className="inline-flex min-h-9 items-center text-sm text-stone-700">Paid in person at pickup</span>
                  <Link
                    aria-label={`Details of ${order.product}`}
                    to={paths.payment(order.id)}
                    className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  >
                    Details
                  </Link>
                </>
              )}
              <Button
                aria-label={`Cancel booking of ${order.product}`}
                variant="secondary"
                size="sm"
                disabled={!online}
                onClick={() => cancellation.ask(order)}
              >
                Cancel booking
              </Button>
              <NoShowButton booking={order} side="buyer" about={order.product} disabled={!online} onClick={() => noShow.ask(order)} />
            </>
          ) : (
            <Link
              aria-label={`Details of ${order.product}`}
              to={paths.payment(order.id)}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              Details
            </Link>
          )}
          {(order.conversation_id || order.product_id !== null) && (
            <MessageButton
              label="Message the seller"
              ariaLabel={`Message the seller of ${order.product}`}
              about={{ about: 'booking', id: order.id }}
              subject={order.product}
              conversationId={order.conversation_id}
              variant="ghost"
              size="sm"
            />
          )}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="My Orders" description="The products you booked. Pay the seller when you meet." />
      <div className="mb-4 empty:hidden">
        <OfflineReason
          action={orders.items.some((order) => noShowOpen(order)) ? 'cancelling a booking or saying the seller didn’t come' : 'cancelling a booking'}
        />
      </div>
      <PagedTable
        list={orders}
        caption="My orders"
        columns={columns}
        emptyTitle="You have no orders"
        emptyAction={
          <Link to={paths.categories} className={buttonClasses({ variant: 'secondary' })}>
            Browse categories
          </Link>
        }
        errorTitle="Could not load your orders"
      />
      <ConfirmDialog
        {...cancellation.dialog}
        title="Cancel this booking?"
        message={
          cancellation.target && (
            <p>
              <strong>{cancellation.target.product}</strong> goes back to other buyers. You can book it again while it
              is available.
            </p>
          )
        }
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
      />
      <ConfirmDialog
        {...noShow.dialog}
        title="The seller didn’t come?"
        message={noShow.target && <NoShowConsequences booking={noShow.target} side="buyer" />}
        confirmLabel="The seller didn’t come"
        cancelLabel="Go back"
      />
      <HandoverCodeDialog
        booking={orders.items.find((order) => order.id === showingCode) ?? null}
        onClose={() => setShowingCode(null)}
      />
    </>
  )
}
