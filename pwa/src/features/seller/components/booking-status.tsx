import { Badge, type BadgeTone } from '@/components/badge'
import type { BookingStatus as Status } from '@/lib/types'

const tones: Record<Status, BadgeTone> = {
  Booked: 'amber',
  Paid: 'green',
  Cancelled: 'stone',
}

export function BookingStatus({ status }: { status: Status }) {
  return <Badge tone={tones[status]}>{status}</Badge>
}
