import { Trans } from '@lingui/react'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import { BookingStatus } from '@/components/booking-status'
import { buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner, Spinner } from '@/components/spinner'
import { Thumbnail } from '@/components/thumbnail'
import { cn } from '@/lib/cn'
import { useOnline } from '@/lib/connectivity'
import { useFormatPrice, usePaymentMethods } from '@/lib/currency'
import { formatDateTime, formatPostedDate } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { bookingKeys } from '@/lib/query-keys'
import type { Booking } from '@/lib/types'
import { useCheckout } from '../api/checkout'
import { useOrder } from '../api/get-order'

// Stripe's code comes only to this screen, and only when cards are taken.
const CardPayment = lazy(() => import('../components/card-payment'))

/** How long to wait for Stripe's word to reach the server after paying. */
const confirmationWait = 120_000

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

export function PaymentRoute() {
  const i18n = useI18n()
  const { bookingId } = useParams()
  const id = parseId(bookingId)
  const order = useOrder(id ?? 0, id !== null)

  let body: ReactNode
  if (id === null || order.data === null) {
    body = (
      <EmptyState
        title={i18n._({ id: 'payment.notFound.title', message: 'We could not find this booking' })}
        action={
          <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
            {i18n._({ id: 'payment.backToOrders', message: 'Back to My Orders' })}
          </Link>
        }
      >
        {i18n._({
          id: 'payment.notFound.body',
          message: 'It is not one of your orders. Check the link, or pick the order from My Orders.',
        })}
      </EmptyState>
    )
  } else if (order.isPending) {
    body = <PageSpinner />
  } else if (order.isError) {
    body = <QueryErrorState title={i18n._({ id: 'payment.loadError', message: 'Could not load this booking' })} query={order} />
  } else {
    body = <PaymentDetails order={order.data} />
  }

  return (
    <>
      <PageHeader title={i18n._({ id: 'payment.title', message: 'Payment' })} />
      {body}
    </>
  )
}

function PaymentDetails({ order }: { order: Booking }) {
  // Set once Stripe has taken the card; the booking reads Paid when Stripe's
  // event has reached the server, so it is asked again until then.
  const i18n = useI18n()
  const [paidByCard, setPaidByCard] = useState(false)
  const queryClient = useQueryClient()
  const formatPrice = useFormatPrice()
  useEffect(() => {
    if (!paidByCard || order.status === 'Paid') return
    const started = Date.now()
    const timer = setInterval(() => {
      if (Date.now() - started > confirmationWait) clearInterval(timer)
      else void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(order.id), exact: true })
    }, 1500)
    return () => clearInterval(timer)
  }, [paidByCard, order.status, order.id, queryClient])

  return (
    <div className="grid max-w-4xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-labelledby="order-summary" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="order-summary" className="mb-4 text-lg font-semibold">
          {i18n._({ id: 'payment.yourOrder', message: 'Your order' })}
        </h2>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Thumbnail src={order.thumb_url || order.image} alt={order.product} size={96} className="self-start" />
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
            <dt className="text-stone-600">{i18n._({ id: 'payment.product', message: 'Product' })}</dt>
            <dd className="font-medium break-words">{order.product}</dd>
            <dt className="text-stone-600">{i18n._({ id: 'payment.price', message: 'Price' })}</dt>
            <dd className="font-medium">{formatPrice(order.price)}</dd>
            <dt className="text-stone-600">{i18n._({ id: 'payment.meetingPlace', message: 'Meeting place' })}</dt>
            <dd className="break-words">{order.location}</dd>
            {order.pickup_at && (
              <>
                <dt className="text-stone-600">{i18n._({ id: 'payment.pickup', message: 'Pickup' })}</dt>
                <dd>
                  <time dateTime={order.pickup_at}>{formatDateTime(order.pickup_at)}</time>
                </dd>
              </>
            )}
            <dt className="text-stone-600">{i18n._({ id: 'payment.bookedOn', message: 'Booked on' })}</dt>
            <dd>{formatPostedDate(order.time)}</dd>
            <dt className="text-stone-600">{i18n._({ id: 'payment.status', message: 'Status' })}</dt>
            <dd>
              <BookingStatus status={order.status} />
            </dd>
          </dl>
        </div>
      </section>
      <div className="flex flex-col gap-6">
        <PaymentStatus order={order} paidByCard={paidByCard} />
        {order.status === 'Booked' && !paidByCard && <CardOffer order={order} onPaid={() => setPaidByCard(true)} />}
      </div>
    </div>
  )
}

const stateTones = {
  green: { box: 'border-green-300 bg-green-50', title: 'text-green-900' },
  stone: { box: 'border-stone-300 bg-stone-100', title: 'text-stone-900' },
  teal: { box: 'border-teal-200 bg-teal-50', title: 'text-teal-900' },
}

/** The box saying where the payment stands, titled by the state. */
function StateBox({ tone, title, children }: { tone: keyof typeof stateTones; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="payment-state" className={cn('rounded-2xl border p-5', stateTones[tone].box)}>
      <h2 id="payment-state" className={cn('text-lg font-semibold', stateTones[tone].title)}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The card form, when the marketplace takes cards and the device is online;
 * otherwise nothing, and paying in person stays the way.
 */
function CardOffer({ order, onPaid }: { order: Booking; onPaid: () => void }) {
  const i18n = useI18n()
  const online = useOnline()
  const methods = usePaymentMethods()
  const checkout = useCheckout(order.id, online && methods.data?.card === true && order.product_id !== null)
  if (!checkout.data) return null
  return (
    <Suspense fallback={<Spinner label={i18n._({ id: 'payment.card.loading', message: 'Loading the card form…' })} />}>
      <CardPayment checkout={checkout.data} price={order.price} onPaid={onPaid} />
    </Suspense>
  )
}

function PaymentStatus({ order, paidByCard }: { order: Booking; paidByCard: boolean }) {
  const i18n = useI18n()
  const formatPrice = useFormatPrice()
  const price = formatPrice(order.price)
  const back = (
    <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
      {i18n._({ id: 'payment.backToOrders', message: 'Back to My Orders' })}
    </Link>
  )
  if (order.status === 'Paid' && paidByCard) {
    return (
      <StateBox tone="green" title={i18n._({ id: 'payment.received.title', message: 'Payment received' })}>
        <p className="mt-2 text-green-900">
          {i18n._({
            id: 'payment.received.body',
            message: 'Your card payment of {price} went through. This order is complete.',
            values: { price },
          })}
        </p>
        <div className="mt-4">{back}</div>
      </StateBox>
    )
  }
  if (paidByCard) {
    return (
      <StateBox tone="teal" title={i18n._({ id: 'payment.confirming.title', message: 'Confirming your payment' })}>
        <p className="mt-2 flex items-center gap-2 text-stone-800">
          <Spinner size="sm" label={i18n._({ id: 'payment.confirming.waiting', message: 'Waiting for Stripe' })} />{' '}
          {i18n._({
            id: 'payment.confirming.body',
            message:
              'Stripe took your payment of {price}. Your order shows Paid as soon as Stripe confirms it to the marketplace, in a few seconds.',
            values: { price },
          })}
        </p>
      </StateBox>
    )
  }
  if (order.status === 'Paid') {
    return (
      <StateBox tone="green" title={i18n._({ id: 'payment.paid.title', message: 'Paid' })}>
        <p className="mt-2 text-green-900">
          {i18n._({
            id: 'payment.paid.body',
            message: 'The seller confirmed your payment of {price}. This order is complete.',
            values: { price },
          })}
        </p>
        <div className="mt-4">{back}</div>
      </StateBox>
    )
  }
  if (order.status === 'Declined') {
    return (
      <StateBox tone="stone" title={i18n._({ id: 'payment.declined.title', message: 'Declined' })}>
        <p className="mt-2 text-stone-800">
          {i18n._({ id: 'payment.declined.body', message: 'The seller declined this booking. There is nothing to pay.' })}
        </p>
        {order.decline_reason && (
          <p className="mt-2 text-stone-800">
            <span className="sr-only">{i18n._({ id: 'orders.declineReason', message: 'The seller’s reason:' })} </span>
            {i18n._({ id: 'payment.declined.reason', message: '“{reason}”', values: { reason: order.decline_reason } })}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          {order.product_id !== null && (
            <Link to={paths.product(order.product_id)} className={buttonClasses({ variant: 'secondary' })}>
              {i18n._({ id: 'payment.seeProduct', message: 'See the product' })}
            </Link>
          )}
          {back}
        </div>
      </StateBox>
    )
  }
  if (order.status === 'Cancelled') {
    return (
      <StateBox tone="stone" title={i18n._({ id: 'payment.cancelled.title', message: 'Cancelled' })}>
        <p className="mt-2 text-stone-800">
          {i18n._({ id: 'payment.cancelled.body', message: 'This booking was cancelled. There is nothing to pay.' })}
        </p>
        <div className="mt-4">{back}</div>
      </StateBox>
    )
  }
  return (
    <StateBox tone="teal" title={i18n._({ id: 'payment.howToPay.title', message: 'How to pay' })}>
      <p className="mt-2 text-stone-800">
        <Trans
          id="payment.howToPay.body"
          message="Pay the seller in person when you meet at <0>{location}</0>. The seller confirms the payment in the app, and your order shows Paid."
          values={{ location: order.location }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p className="mt-2 text-stone-800">
        <Trans id="payment.amountDue" message="Amount due: <0>{price}</0>" values={{ price }} components={{ 0: <strong /> }} />
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {order.product_id !== null && (
          <Link to={paths.product(order.product_id)} className={buttonClasses({ variant: 'primary' })}>
            {i18n._({ id: 'payment.seeProductAndSeller', message: 'See the product and seller' })}
          </Link>
        )}
        {back}
      </div>
    </StateBox>
  )
}
