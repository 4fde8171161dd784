import { Badge } from '@/components/badge'
import type { User } from '@/lib/types'

/**
 * An account's email, and whether its owner confirmed it: an unconfirmed
 * one may have been typed by someone who does not own it. The badge wraps
 * under the address on a narrow screen.
 */
export function EmailCell({ user }: { user: User }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1 md:justify-start">
      <span className="max-md:break-all md:whitespace-nowrap">{user.email}</span>
      {user.email_verified === true && <Badge tone="green">confirmed</Badge>}
      {user.email_verified === false && <Badge tone="amber">not confirmed</Badge>}
    </span>
  )
}
