import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { errorMessage, isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useOnline } from '@/lib/connectivity'
import { queuedMessage, queueRequest, type QueuedRequest } from '@/lib/offline/outbox'
import type { Product } from '@/lib/types'
import { bookedMessage, queuedBooking, useBookProduct, type BookingRequest } from '../api/book-product'
import { queuedReport, reportedMessage, useReportProduct, type ReportRequest } from '../api/report-product'
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
 * Both work offline: the request goes into the outbox, which sends it with the
 * same Idempotency-Key once the server answers again and then toasts the real
 * outcome. A request that gets no answer at all is queued the same way.
 */
export function ProductActions({ product, className }: { product: Product; className?: string }) {
  const { user } = useUser()
  const [open, setOpen] = useState<'book' | 'report' | null>(null)
  const [booked, setBooked] = useState<'no' | 'yes' | 'queued'>('no')
  const [reported, setReported] = useState<'no' | 'yes' | 'queued'>('no')
  const book = useBookProduct()
  const report = useReportProduct()
  const online = useOnline()

  if (!user) return null
  if (isOwnProduct(product, user.email)) {
    return (
      <p className={cn('rounded-lg bg-stone-100 px-3 py-2 text-center text-sm font-medium text-stone-700', className)}>
        This is your listing
      </p>
    )
  }

  const isSold = product.status === 'Sold'

  const queue = (request: QueuedRequest, done: () => void) =>
    queueRequest(user.id, request).then(
      () => {
        toast.success(queuedMessage)
        done()
        setOpen(null)
      },
      (error: unknown) => toast.error(errorMessage(error)),
    )

  const submitBooking = ({ location, buyer_phone }: BookingFormValues) => {
    const request: BookingRequest = {
      input: { product_id: product.id, location: location.trim(), buyer_phone: buyer_phone.trim() },
      idempotencyKey: crypto.randomUUID(),
    }
    const queueBooking = () => queue(queuedBooking(product, request), () => setBooked('queued'))
    if (!online) return void queueBooking()
    book.mutate(request, {
      onSuccess: () => {
        toast.success(bookedMessage)
        setBooked('yes')
        setOpen(null)
      },
      onError: (error) => {
        if (isApiError(error, 0)) void queueBooking()
      },
    })
  }

  const submitReport = (reason: string) => {
    const request: ReportRequest = { input: { product_id: product.id, reason }, idempotencyKey: crypto.randomUUID() }
    const queueReport = () => queue(queuedReport(product, request), () => setReported('queued'))
    if (!online) return void queueReport()
    report.mutate(request, {
      onSuccess: () => {
        toast.success(reportedMessage)
        setReported('yes')
        setOpen(null)
      },
      onError: (error) => {
        // Nothing to fix in the dialog for these: say so and close it.
        if (isApiError(error, 409)) {
          toast.error(alreadyReportedMessage)
          setReported('yes')
          setOpen(null)
        } else if (isApiError(error, 403)) {
          toast.error(error.message)
          setOpen(null)
        } else if (isApiError(error, 0)) {
          void queueReport()
        }
      },
    })
  }


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
