import { Badge, type BadgeTone } from '@/components/badge'
import { useI18n } from '@/lib/i18n'
import type { ProductStatus as Status } from '@/lib/types'

const tones: Record<Status, BadgeTone> = {
  Available: 'green',
  Reserved: 'amber',
  Sold: 'stone',
}

export function ProductStatus({ status }: { status: Status }) {
  const i18n = useI18n()
  const label =
    status === 'Available'
      ? i18n._({ id: 'sell.status.available', message: 'Available' })
      : status === 'Reserved'
        ? i18n._({ id: 'sell.status.reserved', message: 'Reserved' })
        : status === 'Sold'
          ? i18n._({ id: 'sell.status.sold', message: 'Sold' })
          : status
  return <Badge tone={tones[status]}>{label}</Badge>
}
