import { Badge, type BadgeTone } from '@/components/badge'
import { useI18n } from '@/lib/i18n'
import type { Role } from '@/lib/types'

const tones: Record<Role, BadgeTone> = {
  Admin: 'teal',
  Seller: 'amber',
  Buyer: 'stone',
}

export function RoleBadge({ role }: { role: Role }) {
  const i18n = useI18n()
  const label =
    role === 'Admin'
      ? i18n._({ id: 'admin.role.admin', message: 'Admin' })
      : role === 'Seller'
        ? i18n._({ id: 'admin.role.seller', message: 'Seller' })
        : role === 'Buyer'
          ? i18n._({ id: 'admin.role.buyer', message: 'Buyer' })
          : role
  return <Badge tone={tones[role]}>{label}</Badge>
}
