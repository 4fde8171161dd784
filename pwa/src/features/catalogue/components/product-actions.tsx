import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useSendOrQueue } from '@/lib/offline/use-send-or-queue'
import type { Product } from '@/lib/types'
import { queuedBooking, useBookProduct } from '../api/book-product'
import { queuedReport, useReportProduct } from '../api/report-product'
import { BookingDialog, type BookingFormValues } from './booking-dialog'
import { ReportDialog } from './report-dialog'

export const alreadyReportedMessage = 'You have already reported this product'

/** Emails are stored lower-cased; compare the same way to be safe. */
export function isOwnProduct(product: Product, email: string | undefined): boolean {
  return !!email && product.seller_email.toLowerCase() === email.toLowerCase()
}

/**
 * Report and Book Now for one product. The server decides; this mirrors its
 * rules only to hide what would be refused: nothing on one's own listing, no
 * booking of a sold product. Toasts come only after the server accepted.
 *
 * The mutations live here, not in the dialogs, so their outcome is still
 * handled if a dialog is closed while its request runs.
 *
 * Both work offline (useSendOrQueue): the request goes into the outbox, which
 * sends it with the same Idempotency-Key once the server answers again and
 * then toasts the real outcome. A request that gets no answer at all is
 * queued the same way.
 */
export function ProductActions({ product, className }: { product: Product; className?: string }) {
  const { user } = useUser()
  const [open, setOpen] = useState<'book' | 'report' | null>(null)
  const [booked, setBooked] = useState<'no' | 'yes' | 'queued'>('no')
  const [reported, setReported] = useState<'no' | 'yes' | 'queued'>('no')
  const book = useBookProduct()
  const report = useReportProduct()
  const sendOrQueue = useSendOrQueue()

  if (!user) return null
  if (isOwnProduct(product, user.email)) {
    return (
      <p className={cn('rounded-lg bg-stone-100 px-3 py-2 text-center text-sm font-medium text-stone-700', className)}>
        This is your listing
      </p>
    )
  }

  const isSold = product.status === 'Sold'

  const submitBooking = ({ location, buyer_phone }: BookingFormValues) =>
    sendOrQueue({
      mutation: book,
      input: { product_id: product.id, location: location.trim(), buyer_phone: buyer_phone.trim() },
      userId: user.id,
      toQueued: (request) => queuedBooking(product, request),
      onDone: (how) => {
        setBooked(how === 'sent' ? 'yes' : 'queued')
        setOpen(null)
      },
      // Refusals (409: sold or already booked) show in the dialog's form.
    })

  const submitReport = (reason: string) =>
    sendOrQueue({
      mutation: report,
      input: { product_id: product.id, reason },
      userId: user.id,
      toQueued: (request) => queuedReport(product, request),
      onDone: (how) => {
        setReported(how === 'sent' ? 'yes' : 'queued')
        setOpen(null)
      },
      onRefused: (error) => {
        // Nothing to fix in the dialog for these: say so and close it.
        if (isApiError(error, 409)) {
          toast.error(alreadyReportedMessage)
          setReported('yes')
          setOpen(null)
        } else if (isApiError(error, 403)) {
          toast.error(error.message)
          setOpen(null)
        }
      },
    })

  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      <Button
        variant="secondary"
        className="flex-1 whitespace-nowrap"
        disabled={reported !== 'no'}
        onClick={() => {
          report.reset()
          setOpen('report')
        }}
      >
        {{ no: 'Report', yes: 'Reported', queued: 'Report queued' }[reported]}
      </Button>
      {isSold ? (
        <p className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg bg-stone-200 px-3 font-semibold text-stone-700">
          Sold
        </p>
      ) : (
        <Button
          className="flex-1 whitespace-nowrap"
          disabled={booked !== 'no'}
          onClick={() => {
            book.reset()
            setOpen('book')
          }}
        >
          {{ no: 'Book Now', yes: 'Booked', queued: 'Booking queued' }[booked]}
        </Button>
      )}
      <BookingDialog
        open={open === 'book'}
        product={product}
        buyer={user}
        onClose={() => setOpen(null)}
        onSubmit={submitBooking}
        isPending={book.isPending}
        error={book.error}
      />
      <ReportDialog
        open={open === 'report'}
        productName={product.product}
        onCancel={() => setOpen(null)}
        onConfirm={submitReport}
        isPending={report.isPending}
        error={report.error && !isApiError(report.error, 409) && !isApiError(report.error, 403) ? report.error : null}
      />
    </div>
  )
}
