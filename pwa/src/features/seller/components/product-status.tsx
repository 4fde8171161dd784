import { Badge, type BadgeTone } from '@/components/badge'
import type { ProductStatus as Status } from '@/lib/types'

const tones: Record<Status, BadgeTone> = {
  Available: 'green',
  Reserved: 'amber',
  Sold: 'stone',
}

export function ProductStatus({ status }: { status: Status }) {
  return <Badge tone={tones[status]}>{status}</Badge>
}
