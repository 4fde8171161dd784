import { useState } from 'react'
import toast from 'react-hot-toast'
import { Link, useLocation } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { MessageButton } from '@/components/message-button'
import { isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useOnline } from '@/lib/connectivity'
import { useCardPayments } from '@/lib/currency'
import { i18n as appI18n, useI18n } from '@/lib/i18n'
import { useSendOrQueue } from '@/lib/offline/use-send-or-queue'
import { paths } from '@/lib/paths'
import type { Product, User } from '@/lib/types'
import { queuedBooking, useBookProduct } from '../api/book-product'
import { queuedReport, useReportProduct } from '../api/report-product'
import { BookingDialog, type BookingFormValues } from './booking-dialog'
import { ReportDialog } from './report-dialog'

/** The toast when the server says this person already reported the product (409). */
export function alreadyReportedMessage(i18n = appI18n): string {
  return i18n._({ id: 'product.report.already', message: 'You have already reported this product' })
}

/**
 * A visitor's way to an action: the login page, which says what for and
 * comes back here afterwards (after registering too).
 */
function LogInTo({ reason, className, children }: { reason: string; className?: string; children: string }) {
  const location = useLocation()
  const state = { from: { pathname: location.pathname, search: location.search, hash: location.hash }, reason }
  return (
    <Link to={paths.login} state={state} className={className}>
      {children}
    </Link>
  )
}

/**
 * Whether the viewer listed it: by the seller's id, or by email for answers
 * saved before products carried seller_id (emails are stored lower-cased).
 */
export function isOwnProduct(product: Product, user: Pick<User, 'id' | 'email'> | undefined): boolean {
  if (!user) return false
  if (product.seller_id !== undefined) return product.seller_id === user.id
  return !!product.seller_email && product.seller_email.toLowerCase() === user.email.toLowerCase()
}

/**
 * Book Now for one product, the one strong button of a card and of the
 * product page. The server decides; this mirrors its rules only to hide what
 * would be refused: nothing on one's own listing, no booking of a sold
 * product, and one's open booking instead of a second one (with Pay where
 * paying here does something: by card). A booking the seller declined or
 * the buyer cancelled is not the buyer's any more (the server says so with
 * my_booking_id null): Book Now comes back. A Reserved product may still be
 * booked (its buyers queue). Toasts come only after the server accepted.
 *
 * The mutation lives here, not in the dialog, so its outcome is still handled
 * if the dialog is closed while its request runs.
 *
 * It works offline (useSendOrQueue): the request goes into the outbox, which
 * sends it with the same Idempotency-Key once the server answers again and
 * then toasts the real outcome. A request that gets no answer at all is
 * queued the same way.
 */
export function ProductActions({ product, className }: { product: Product; className?: string }) {
  const i18n = useI18n()
  const { user, isLoading } = useUser()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [booked, setBooked] = useState<'no' | 'yes' | 'queued'>('no')
  // The booking made here, once the server names it, ends with it: when
  // the server no longer does (declined, cancelled), Book Now comes back.
  const [named, setNamed] = useState(false)
  if (!!product.my_booking_id !== named) {
    setNamed(!!product.my_booking_id)
    if (!product.my_booking_id) setBooked('no')
  }
  const cardPayments = useCardPayments()
  const book = useBookProduct()
  const sendOrQueue = useSendOrQueue()

  if (isLoading) return null
  if (!user && product.status !== 'Sold') {
    return (
      <div className={cn('flex', className)}>
        <LogInTo
          reason={i18n._({ id: 'product.logInToBook.reason', message: 'Log in to book this product' })}
          className={buttonClasses({ className: 'max-w-full flex-1 px-3 text-center break-words hyphens-auto' })}
        >
          {i18n._({ id: 'product.logInToBook', message: 'Log in to book' })}
        </LogInTo>
      </div>
    )
  }
  if (user && isOwnProduct(product, user)) {
    return (
      <p className={cn('rounded-lg bg-stone-100 px-3 py-2 text-center text-sm font-medium text-stone-700', className)}>
        {i18n._({ id: 'product.yourListing', message: 'This is your listing' })}
      </p>
    )
  }

  if (user && product.my_booking_id) {
    // Sold with a booking of one's own that is open or paid: the paid one.
    const bought = product.status === 'Sold'
    const order = paths.payment(product.my_booking_id)
    return (
      <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
        <p className="text-sm font-semibold text-stone-900">
          {bought
            ? i18n._({ id: 'product.bought', message: 'You bought this' })
            : i18n._({ id: 'product.booked', message: 'You booked this' })}
        </p>
        {!bought &&
          (cardPayments ? (
            // Online, the booking's screen is loaded as a page of its own: only
            // its document may load the card form (as from My Orders).
            <Link to={order} reloadDocument={online} className={buttonClasses({ size: 'sm', className: 'flex-1' })}>
              {i18n._({ id: 'product.pay', message: 'Pay' })}
            </Link>
          ) : (
            <p className="text-sm text-stone-700">
              {i18n._({ id: 'product.paidAtPickup', message: 'Paid in person at pickup' })}
            </p>
          ))}
        <Link to={order} reloadDocument={online} className="inline-flex min-h-11 items-center text-sm font-semibold">
          {i18n._({ id: 'product.viewOrder', message: 'View order' })}
        </Link>
      </div>
    )
  }

  if (product.status === 'Sold') {
    return (
      <p
        className={cn(
          'inline-flex min-h-11 items-center justify-center rounded-lg bg-stone-200 px-3 font-semibold text-stone-700',
          className,
        )}
      >
        {i18n._({ id: 'product.status.sold', message: 'Sold' })}
      </p>
    )
  }

  // Sold was shown above; only a signed-in viewer gets here.
  if (!user) return null

  const submitBooking = ({ location, buyer_phone }: BookingFormValues) =>
    sendOrQueue({
      mutation: book,
      input: { product_id: product.id, location: location.trim(), buyer_phone: buyer_phone.trim() },
      userId: user.id,
      toQueued: (request) => queuedBooking(product, request),
      onDone: (how) => {
        setBooked(how === 'sent' ? 'yes' : 'queued')
        setOpen(false)
      },
      // Refusals (409: sold or already booked) show in the dialog's form.
    })

  return (
    <div className={cn('flex', className)}>
      <Button
        className="max-w-full flex-1 text-center break-words hyphens-auto max-md:px-3"
        disabled={booked !== 'no'}
        onClick={() => {
          book.reset()
          setOpen(true)
        }}
      >
        {
          {
            no: i18n._({ id: 'product.bookNow', message: 'Book Now' }),
            yes: i18n._({ id: 'product.bookNow.booked', message: 'Booked' }),
            queued: i18n._({ id: 'product.bookNow.queued', message: 'Booking queued' }),
          }[booked]
        }
      </Button>
      <BookingDialog
        open={open}
        product={product}
        buyer={user}
        onClose={() => setOpen(false)}
        onSubmit={submitBooking}
        isPending={book.isPending}
        error={book.error}
      />
    </div>
  )
}

/**
 * A quiet 'Report this listing' link for the product page, asking first, with
 * an optional reason. Works offline like Book Now.
 */
export function ReportLink({ product, className }: { product: Product; className?: string }) {
  const i18n = useI18n()
  const { user } = useUser()
  const [open, setOpen] = useState(false)
  const [reported, setReported] = useState<'no' | 'yes' | 'queued'>('no')
  const report = useReportProduct()
  const sendOrQueue = useSendOrQueue()

  if (!user) {
    return (
      <div className={className}>
        <LogInTo
          reason={i18n._({ id: 'product.logInToReport', message: 'Log in to report this listing' })}
          className="inline-flex min-h-11 items-center text-sm text-stone-600 underline underline-offset-2 hover:text-stone-900"
        >
          {i18n._({ id: 'product.logInToReport', message: 'Log in to report this listing' })}
        </LogInTo>
      </div>
    )
  }
  if (isOwnProduct(product, user)) return null

  const submitReport = (reason: string) =>
    sendOrQueue({
      mutation: report,
      input: { product_id: product.id, reason },
      userId: user.id,
      toQueued: (request) => queuedReport(product, request),
      onDone: (how) => {
        setReported(how === 'sent' ? 'yes' : 'queued')
        setOpen(false)
      },
      onRefused: (error) => {
        // Nothing to fix in the dialog for these: say so and close it.
        if (isApiError(error, 409)) {
          toast.error(alreadyReportedMessage(i18n))
          setReported('yes')
          setOpen(false)
        } else if (isApiError(error, 403)) {
          toast.error(error.message)
          setOpen(false)
        }
      },
    })

  return (
    <div className={className}>
      <button
        type="button"
        disabled={reported !== 'no'}
        onClick={() => {
          report.reset()
          setOpen(true)
        }}
        className="inline-flex min-h-11 items-center text-sm text-stone-600 underline underline-offset-2 hover:text-stone-900 disabled:no-underline"
      >
        {
          {
            no: i18n._({ id: 'product.report', message: 'Report this listing' }),
            yes: i18n._({ id: 'product.report.reported', message: 'Reported' }),
            queued: i18n._({ id: 'product.report.queued', message: 'Report queued' }),
          }[reported]
        }
      </button>
      <ReportDialog
        open={open}
        productName={product.product}
        onCancel={() => setOpen(false)}
        onConfirm={submitReport}
        isPending={report.isPending}
        error={report.error && !isApiError(report.error, 409) && !isApiError(report.error, 403) ? report.error : null}
      />
    </div>
  )
}

/**
 * 'Message the seller' on the product page: a first message starts the
 * conversation about it, then opens it. Not on one's own listing.
 */
export function MessageSeller({ product, className }: { product: Product; className?: string }) {
  const i18n = useI18n()
  const { user } = useUser()
  if (user && isOwnProduct(product, user)) return null
  return (
    <MessageButton
      label={
        user
          ? i18n._({ id: 'product.messageSeller', message: 'Message the seller' })
          : i18n._({ id: 'product.logInToMessage', message: 'Log in to message' })
      }
      about={{ about: 'product', id: product.id }}
      subject={product.product}
      className={className}
    />
  )
}
