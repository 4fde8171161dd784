import { Trans } from '@lingui/react'
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
import { useI18n } from '@/lib/i18n'
import { noShowBy, noShowOpen } from '@/lib/no-show'
import { paths } from '@/lib/paths'
import type { Booking } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useCancelOrder } from '../api/cancel-order'
import { useMyOrders } from '../api/get-my-orders'
import { useSellerNoShow } from '../api/seller-no-show'
import { HandoverCodeDialog } from '../components/handover-code-dialog'

export function MyOrdersRoute() {
  const i18n = useI18n()
  const orders = useMyOrders()
  const formatPrice = useFormatPrice()
  const online = useOnline()
  // Pay only where paying here does something: by card, when the marketplace takes cards.
  const cardPayments = useCardPayments()
  const cancellation = useConfirmedAction({
    mutation: useCancelOrder(),
    variables: (order: Booking) => order.id,
    success: i18n._({ id: 'orders.cancelled', message: 'Booking cancelled' }),
  })
  const noShow = useConfirmedAction({
    mutation: useSellerNoShow(),
    variables: (order: Booking) => order.id,
    success: i18n._({ id: 'orders.noShow.done', message: 'Booking ended: the seller didn’t come' }),
  })
  // The booking whose handover code shows: read from the list, so the dialog sees it handed over.
  const [showingCode, setShowingCode] = useState<number | null>(null)

  const columns: Column<Booking>[] = [
    {
      header: i18n._({ id: 'orders.column.image', message: 'Image' }),
      asideWhenStacked: true,
      cell: (order) => <Thumbnail src={order.thumb_url || order.image} alt={order.product} size={56} />,
    },
    {
      header: i18n._({ id: 'orders.column.name', message: 'Name' }),
      cell: (order) => <span className="font-medium">{order.product}</span>,
    },
    { header: i18n._({ id: 'orders.column.price', message: 'Price' }), cell: (order) => formatPrice(order.price) },
    {
      header: i18n._({ id: 'orders.column.status', message: 'Status' }),
      cell: (order) => (
        <div className="flex flex-col items-end gap-1 md:items-start">
          {noShowBy(order) ? <NoShowEnded booking={order} side="buyer" /> : <BookingStatus status={order.status} />}
          <PickupTime at={order.pickup_at} />
          <HandedOver at={order.handed_over_at} />
          {order.status === 'Declined' && order.decline_reason && !noShowBy(order) && (
            <p className="max-w-64 text-sm text-stone-700">
              <span className="sr-only">{i18n._({ id: 'orders.declineReason', message: 'The seller’s reason:' })} </span>
              {order.decline_reason}
            </p>
          )}
          {order.status === 'Cancelled' && order.cancel_reason && (
            <p className="max-w-64 text-sm text-stone-700">
              {order.cancel_reason === 'seller_suspended'
                ? i18n._({
                    id: 'orders.cancelReason.sellerSuspended',
                    message: "The seller's account was suspended, so the booking was cancelled.",
                  })
                : i18n._({
                    id: 'orders.cancelReason.sellerDeleted',
                    message: "The seller's account was deleted, so the booking was cancelled.",
                  })}
            </p>
          )}
        </div>
      ),
    },
    {
      header: i18n._({ id: 'orders.column.actions', message: 'Actions' }),
      hideLabelWhenStacked: true,
      cell: (order) => (
        <div className="flex w-full flex-wrap justify-end gap-2 md:justify-start">
          {handoverOpen(order) && (
            <Button
              aria-label={i18n._({
                id: 'orders.showCode.label',
                message: 'Show handover code for {product}',
                values: { product: order.product },
              })}
              size="sm"
              variant={order.status === 'Booked' && cardPayments ? 'secondary' : 'primary'}
              className="whitespace-nowrap"
              onClick={() => setShowingCode(order.id)}
            >
              {i18n._({ id: 'orders.showCode', message: 'Show handover code' })}
            </Button>
          )}
          <BookingReview booking={order} side="buyer" />
          {order.status === 'Booked' ? (
            <>
              {cardPayments && order.product_id !== null ? (
                <Link
                  aria-label={i18n._({
                    id: 'orders.pay.label',
                    message: 'Pay for {product}',
                    values: { product: order.product },
                  })}
                  to={paths.payment(order.id)}
                  // Online, the payment screen is loaded as a page of its own: only
                  // its document may load Stripe's card form (the server's policy).
                  reloadDocument={online}
                  className={buttonClasses({ size: 'sm' })}
                >
                  {i18n._({ id: 'orders.pay', message: 'Pay' })}
                </Link>
              ) : (
                <>
                  <span className="inline-flex min-h-9 items-center text-sm text-stone-700">
                    {i18n._({ id: 'orders.paidAtPickup', message: 'Paid in person at pickup' })}
                  </span>
                  <Link
                    aria-label={i18n._({
                      id: 'orders.details.label',
                      message: 'Details of {product}',
                      values: { product: order.product },
                    })}
                    to={paths.payment(order.id)}
                    className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  >
                    {i18n._({ id: 'orders.details', message: 'Details' })}
                  </Link>
                </>
              )}
              <Button
                aria-label={i18n._({
                  id: 'orders.cancel.label',
                  message: 'Cancel booking of {product}',
                  values: { product: order.product },
                })}
                variant="secondary"
                size="sm"
                disabled={!online}
                onClick={() => cancellation.ask(order)}
              >
                {i18n._({ id: 'orders.cancel', message: 'Cancel booking' })}
              </Button>
              <NoShowButton
                booking={order}
                side="buyer"
                about={order.product}
                disabled={!online}
                onClick={() => noShow.ask(order)}
              />
            </>
          ) : (
            <Link
              aria-label={i18n._({
                id: 'orders.details.label',
                message: 'Details of {product}',
                values: { product: order.product },
              })}
              to={paths.payment(order.id)}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              {i18n._({ id: 'orders.details', message: 'Details' })}
            </Link>
          )}
          {(order.conversation_id || order.product_id !== null) && (
            <MessageButton
              label={i18n._({ id: 'orders.messageSeller', message: 'Message the seller' })}
              ariaLabel={i18n._({
                id: 'orders.messageSeller.label',
                message: 'Message the seller of {product}',
                values: { product: order.product },
              })}
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
      <PageHeader
        title={i18n._({ id: 'orders.title', message: 'My Orders' })}
        description={i18n._({ id: 'orders.description', message: 'The products you booked. Pay the seller when you meet.' })}
      />
      <div className="mb-4 empty:hidden">
        <OfflineReason
          action={
            orders.items.some((order) => noShowOpen(order))
              ? i18n._({ id: 'orders.offline.cancelOrNoShow', message: 'cancelling a booking or saying the seller didn’t come' })
              : i18n._({ id: 'orders.offline.cancel', message: 'cancelling a booking' })
          }
        />
      </div>
      <PagedTable
        list={orders}
        caption={i18n._({ id: 'orders.caption', message: 'My orders' })}
        columns={columns}
        emptyTitle={i18n._({ id: 'orders.empty', message: 'You have no orders' })}
        emptyAction={
          <Link to={paths.categories} className={buttonClasses({ variant: 'secondary' })}>
            {i18n._({ id: 'orders.browseCategories', message: 'Browse categories' })}
          </Link>
        }
        errorTitle={i18n._({ id: 'orders.loadError', message: 'Could not load your orders' })}
      />
      <ConfirmDialog
        {...cancellation.dialog}
        title={i18n._({ id: 'orders.cancel.title', message: 'Cancel this booking?' })}
        message={
          cancellation.target && (
            <p>
              <Trans
                id="orders.cancel.body"
                message="<0>{product}</0> goes back to other buyers. You can book it again while it is available."
                values={{ product: cancellation.target.product }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'orders.cancel', message: 'Cancel booking' })}
        cancelLabel={i18n._({ id: 'orders.cancel.keep', message: 'Keep booking' })}
      />
      <ConfirmDialog
        {...noShow.dialog}
        title={i18n._({ id: 'orders.noShow.title', message: 'The seller didn’t come?' })}
        message={noShow.target && <NoShowConsequences booking={noShow.target} side="buyer" />}
        confirmLabel={i18n._({ id: 'orders.noShow.confirm', message: 'The seller didn’t come' })}
        cancelLabel={i18n._({ id: 'orders.noShow.back', message: 'Go back' })}
      />
      <HandoverCodeDialog
        booking={orders.items.find((order) => order.id === showingCode) ?? null}
        onClose={() => setShowingCode(null)}
      />
    </>
  )
}
