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
