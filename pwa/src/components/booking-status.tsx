import type { I18n } from '@lingui/core'
import { Trans } from '@lingui/react'
import { formatDate } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import type { BookingStatus as Status } from '@/lib/types'
import { Badge, type BadgeTone } from './badge'

const tones: Record<Status, BadgeTone> = {
  Booked: 'amber',
  Paid: 'green',
  Cancelled: 'stone',
  Declined: 'red',
}

/** A booking's status, as the buyer (My Orders, Payment) and the seller (My Buyers) see it. */
export function BookingStatus({ status }: { status: Status }) {
  const i18n = useI18n()
  return <Badge tone={tones[status]}>{bookingStatusLabel(status, i18n)}</Badge>
}

/** A booking's status in words: 'Booked', 'Paid', 'Cancelled', 'Declined'. */
export function bookingStatusLabel(status: Status, i18n: I18n): string {
  switch (status) {
    case 'Booked':
      return i18n._({ id: 'common.bookingStatus.booked', message: 'Booked' })
    case 'Paid':
      return i18n._({ id: 'common.bookingStatus.paid', message: 'Paid' })
    case 'Cancelled':
      return i18n._({ id: 'common.bookingStatus.cancelled', message: 'Cancelled' })
    case 'Declined':
      return i18n._({ id: 'common.bookingStatus.declined', message: 'Declined' })
    default:
      return status
  }
}

/** When the seller entered the buyer's code at the pickup; nothing before. */
export function HandedOver({ at }: { at: string | null | undefined }) {
  if (!at) return null
  return (
    <p className="text-sm text-stone-700">
      <Trans
        id="common.handedOverAt"
        message="Handed over <0>{date}</0>"
        values={{ date: formatDate(at) }}
        components={{ 0: <time dateTime={at} className="font-medium whitespace-nowrap text-stone-900" /> }}
      />
    </p>
  )
}
