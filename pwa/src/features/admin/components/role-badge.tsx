import { Badge, type BadgeTone } from '@/components/badge'
import type { Role } from '@/lib/types'

const tones: Record<Role, BadgeTone> = {
  Admin: 'teal',
  Seller: 'amber',
  Buyer: 'stone',
}

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tones[role]}>{role}</Badge>
}
