import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ErrorState } from '@/components/error-state'
import { Spinner } from '@/components/spinner'
import { formatDate } from '@/lib/format'
import type { Booking } from '@/lib/types'
import { groupDigits, useHandoverCode } from '../api/get-handover-code'
import { QrCode } from './qr-code'

/**
 * The buyer's side of the pickup: the code, large enough to read from the
 * seller's phone, and as a QR code. The booking is the list's, so the dialog
 * says so as soon as the seller has entered it.
 */
export function HandoverCodeDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <Dialog
      open={booking !== null}
      onClose={onClose}
      title={<span className="line-clamp-2">{booking ? `Handover code for ${booking.product}` : 'Handover code'}</span>}
      // Its own Close is at the foot, within reach of a thumb.
      showCloseButton={false}
    >
      {booking && <HandoverCode booking={booking} onClose={onClose} />}
    </Dialog>
  )
}

function HandoverCode({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const code = useHandoverCode(booking.id)
  let body
  if (booking.handed_over_at) {
    body = (
      <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
        <p className="text-2xl font-bold text-teal-800">Handed over</p>
        <p className="text-stone-700">
          The seller entered your code on{' '}
          <time dateTime={booking.handed_over_at}>{formatDate(booking.handed_over_at)}</time>. Enjoy it!
        </p>
      </div>
    )
  } else if (code.data) {
    const digits = groupDigits(code.data.code)
    body = (
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-stone-700">Show this to the seller when you pick it up.</p>
        <p className="font-mono text-6xl font-bold tracking-wider whitespace-nowrap text-stone-900 tabular-nums sm:text-7xl">
          <span className="sr-only">Your code: </span>
          {digits}
        </p>
        <QrCode text={code.data.code} label={`QR code of ${digits}`} className="size-48 sm:size-56" />
        <p className="text-sm text-stone-600">
          The seller types the digits in their My Buyers (a phone’s camera reads them from the QR code too). Give it
          only once you have the product: it tells the seller you received it
          {booking.status === 'Booked' ? ' and paid' : ''}.
        </p>
      </div>
    )
  } else if (code.isPending && code.fetchStatus === 'paused') {
    body = (
      <p role="status" className="py-6 text-center text-stone-700">
        You are offline: the code shows once you are back online. Once seen, it is kept on this device.
      </p>
    )
  } else if (code.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your code…" />
      </div>
    )
  } else {
    body = (
      <ErrorState
        title="Could not show your code"
        error={code.error}
        onRetry={() => void code.refetch()}
        isRetrying={code.isFetching}
      />
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {body}
      <Button variant="secondary" onClick={onClose} className="self-stretch sm:self-end">
        Close
      </Button>
    </div>
  )
}
