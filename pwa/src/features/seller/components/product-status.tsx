import { Badge } from '@/components/badge'
import type { ProductStatus as Status } from '@/lib/types'

export function ProductStatus({ status }: { status: Status }) {
  return <Badge tone={status === 'Available' ? 'green' : 'stone'}>{status}</Badge>
}
