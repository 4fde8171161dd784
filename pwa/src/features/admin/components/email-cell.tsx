import { Badge } from '@/components/badge'
import { useI18n } from '@/lib/i18n'
import type { User } from '@/lib/types'

/**
 * An account's email, and whether its owner confirmed it: an unconfirmed
 * one may have been typed by someone who does not own it. The badge wraps
 * under the address on a narrow screen.
 */
export function EmailCell({ user }: { user: User }) {
  const i18n = useI18n()
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1 md:justify-start">
      <span className="max-md:break-all md:whitespace-nowrap">{user.email}</span>
      {user.email_verified === true && (
        <Badge tone="green">{i18n._({ id: 'admin.email.confirmed', message: 'confirmed' })}</Badge>
      )}
      {user.email_verified === false && (
        <Badge tone="amber">{i18n._({ id: 'admin.email.notConfirmed', message: 'not confirmed' })}</Badge>
      )}
    </span>
  )
}
