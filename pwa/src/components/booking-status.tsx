import { formatDate } from '@/lib/format'
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
  return <Badge tone={tones[status]}>{status}</Badge>
}

/** When the seller entered the buyer's code at the pickup; nothing before. */
export function HandedOver({ at }: { at: string | null | undefined }) {
  if (!at) return null
  return (
    <p className="text-sm text-stone-700">
      Handed over{' '}
      <time dateTime={at} className="font-medium whitespace-nowrap text-stone-900">
        {formatDate(at)}
      </time>
    </p>
  )
}
