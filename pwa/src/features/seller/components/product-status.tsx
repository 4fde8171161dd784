import { Badge, type BadgeTone } from '@/components/badge'
import { productStatusLabel } from '@/components/labels'
import { useI18n } from '@/lib/i18n'
import type { ProductStatus as Status } from '@/lib/types'

const tones: Record<Status, BadgeTone> = {
  Available: 'green',
  Reserved: 'amber',
  Sold: 'stone',
}

export function ProductStatus({ status }: { status: Status }) {
  const i18n = useI18n()
  return <Badge tone={tones[status]}>{productStatusLabel(status, i18n)}</Badge>
}
