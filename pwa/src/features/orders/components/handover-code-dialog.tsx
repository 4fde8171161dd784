import { Trans } from '@lingui/react'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { ErrorState } from '@/components/error-state'
import { Spinner } from '@/components/spinner'
import { formatDate } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import type { Booking } from '@/lib/types'
import { groupDigits, useHandoverCode } from '../api/get-handover-code'
import { QrCode } from './qr-code'

/**
 * The buyer's side of the pickup: the code, large enough to read from the
 * seller's phone, and as a QR code. The booking is the list's, so the dialog
 * says so as soon as the seller has entered it.
 */
export function HandoverCodeDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const i18n = useI18n()
  return (
    <Dialog
      open={booking !== null}
      onClose={onClose}
      title={
        <span className="line-clamp-2" title={booking?.product}>
          {booking
            ? i18n._({ id: 'orders.code.titleFor', message: 'Handover code for {product}', values: { product: booking.product } })
            : i18n._({ id: 'orders.code.title', message: 'Handover code' })}
        </span>
      }
      // Its own Close is at the foot, within reach of a thumb.
      showCloseButton={false}
    >
      {booking && <HandoverCode booking={booking} onClose={onClose} />}
    </Dialog>
  )
}

function HandoverCode({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const i18n = useI18n()
  const code = useHandoverCode(booking.id)
  let body
  if (booking.handed_over_at) {
    body = (
      <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
        <p className="text-2xl font-bold text-teal-800">{i18n._({ id: 'orders.code.handedOver', message: 'Handed over' })}</p>
        <p className="text-stone-700">
          <Trans
            id="orders.code.entered"
            message="The seller entered your code on <0>{date}</0>. Enjoy it!"
            values={{ date: formatDate(booking.handed_over_at) }}
            components={{ 0: <time dateTime={booking.handed_over_at} /> }}
          />
        </p>
      </div>
    )
  } else if (code.data) {
    const digits = groupDigits(code.data.code)
    body = (
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-stone-700">
          {i18n._({ id: 'orders.code.show', message: 'Show this to the seller when you pick it up.' })}
        </p>
        <p className="font-mono text-6xl font-bold tracking-wider whitespace-nowrap text-stone-900 tabular-nums sm:text-7xl">
          <span className="sr-only">{i18n._({ id: 'orders.code.yours', message: 'Your code:' })} </span>
          {digits}
        </p>
        <QrCode
          text={code.data.code}
          label={i18n._({ id: 'orders.code.qr', message: 'QR code of {digits}', values: { digits } })}
          className="size-48 sm:size-56"
        />
        <p className="text-sm text-stone-600">
          {booking.status === 'Booked'
            ? i18n._({
                id: 'orders.code.howUnpaid',
                message:
                  'The seller types the digits in their My Buyers (a phone’s camera reads them from the QR code too). Give it only once you have the product: it tells the seller you received it and paid.',
              })
            : i18n._({
                id: 'orders.code.how',
                message:
                  'The seller types the digits in their My Buyers (a phone’s camera reads them from the QR code too). Give it only once you have the product: it tells the seller you received it.',
              })}
        </p>
      </div>
    )
  } else if (code.isPending && code.fetchStatus === 'paused') {
    body = (
      <p role="status" className="py-6 text-center text-stone-700">
        {i18n._({
          id: 'orders.code.offlineUntilFetched',
          message: 'You are offline: the code shows once you are back online. From then on My Orders keeps it on this device.',
        })}
      </p>
    )
  } else if (code.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={i18n._({ id: 'orders.code.loading', message: 'Loading your code…' })} />
      </div>
    )
  } else {
    body = (
      <ErrorState
        title={i18n._({ id: 'orders.code.loadError', message: 'Could not show your code' })}
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
        {i18n._({ id: 'orders.code.close', message: 'Close' })}
      </Button>
    </div>
  )
}
