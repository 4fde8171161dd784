import { Badge, type BadgeTone } from '@/components/badge'
import type { BookingStatus } from '@/lib/types'

const tones: Record<BookingStatus, BadgeTone> = {
  Booked: 'amber',
  Paid: 'green',
  Cancelled: 'stone',
}

export function OrderStatus({ status }: { status: BookingStatus }) {
  return <Badge tone={tones[status]}>{status}</Badge>
}
