import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import { BookingStatus } from '@/components/booking-status'
import { buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { Thumbnail } from '@/components/thumbnail'
import { cn } from '@/lib/cn'
import { formatPostedDate, formatPrice } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { Booking } from '@/lib/types'
import { useOrder } from '../api/get-order'

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

export function PaymentRoute() {
  const { bookingId } = useParams()
  const id = parseId(bookingId)
  const order = useOrder(id ?? 0, id !== null)

  let body: ReactNode
  if (id === null || order.data === null) {
    body = (
      <EmptyState
        title="We could not find this booking"
        action={
          <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
            Back to My Orders
          </Link>
        }
      >
        It is not one of your orders. Check the link, or pick the order from My Orders.
      </EmptyState>
    )
  } else if (order.isPending) {
    body = <PageSpinner />
  } else if (order.isError) {
    body = (
      <QueryErrorState title="Could not load this booking" query={order} />
    )
  } else {
    body = <PaymentDetails order={order.data} />
  }

  return (
    <>
      <PageHeader title="Payment" />
      {body}
    </>
  )
}

function PaymentDetails({ order }: { order: Booking }) {
  return (
    <div className="grid max-w-4xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-labelledby="order-summary" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="order-summary" className="mb-4 text-lg font-semibold">
          Your order
        </h2>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Thumbnail src={order.thumb_url || order.image} alt={order.product} size={96} className="self-start" />
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
            <dt className="text-stone-600">Product</dt>
            <dd className="font-medium break-words">{order.product}</dd>
            <dt className="text-stone-600">Price</dt>
            <dd className="font-medium">{formatPrice(order.price)}</dd>
            <dt className="text-stone-600">Meeting place</dt>
            <dd className="break-words">{order.location}</dd>
            <dt className="text-stone-600">Booked on</dt>
            <dd>{formatPostedDate(order.time)}</dd>
            <dt className="text-stone-600">Status</dt>
            <dd>
              <BookingStatus status={order.status} />
            </dd>
          </dl>
        </div>
      </section>
      <PaymentStatus order={order} />
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

function PaymentStatus({ order }: { order: Booking }) {
  const back = (
    <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
      Back to My Orders
    </Link>
  )
  if (order.status === 'Paid') {
    return (
      <StateBox tone="green" title="Paid">
        <p className="mt-2 text-green-900">
          The seller confirmed your payment of {formatPrice(order.price)}. This order is complete.
        </p>
        <div className="mt-4">{back}</div>
      </StateBox>
    )
  }
  if (order.status === 'Cancelled') {
    return (
      <StateBox tone="stone" title="Cancelled">
        <p className="mt-2 text-stone-800">This booking was cancelled. There is nothing to pay.</p>
        <div className="mt-4">{back}</div>
      </StateBox>
    )
  }
  return (
    <StateBox tone="teal" title="How to pay">
      <p className="mt-2 text-stone-800">
        Pay the seller in person when you meet at <strong>{order.location}</strong>. The seller confirms the payment in
        Rehome, and your order shows Paid.
      </p>
      <p className="mt-2 text-stone-800">
        Amount due: <strong>{formatPrice(order.price)}</strong>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {order.product_id !== null && (
          <Link to={paths.product(order.product_id)} className={buttonClasses({ variant: 'primary' })}>
            See the product and seller
          </Link>
        )}
        {back}
      </div>
    </StateBox>
  )
}
