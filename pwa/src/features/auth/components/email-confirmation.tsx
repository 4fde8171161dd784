import { useState } from 'react'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import type { User } from '@/lib/types'
import { useSendEmailConfirmation } from '../api/send-email-confirmation'
import { useProviders } from '../api/providers'

/**
 * Whether the person proved their email is theirs; if not, a button that
 * mails them a link (when the marketplace can send mail). Until then,
 * someone signing in with Google with this address would take the account over.
 */
export function EmailConfirmation({ user }: { user: User }) {
  const i18n = useI18n()
  const online = useOnline()
  const providers = useProviders()
  const send = useSendEmailConfirmation()
  const [sent, setSent] = useState<string | null>(null)

  // An answer saved before the server said: nothing to tell.
  if (user.email_verified === undefined) return null
  if (user.email_verified) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-stone-700">
        <Badge tone="green">{i18n._({ id: 'profile.email.confirmedBadge', message: 'Confirmed' })}</Badge>
        <span>{i18n._({ id: 'profile.email.confirmed', message: 'This email is confirmed as yours.' })}</span>
      </p>
    )
  }

  const onSend = () => {
    setSent(null)
    send.mutate(undefined, { onSuccess: ({ message }) => setSent(message) })
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="flex flex-wrap items-center gap-2 text-stone-800">
        <Badge tone="amber">{i18n._({ id: 'profile.email.notConfirmedBadge', message: 'Not confirmed' })}</Badge>
        <span>
          {i18n._({
            id: 'profile.email.notConfirmed',
            message: 'Confirm that this email is yours, so that nobody else can claim your account with it.',
          })}
        </span>
      </p>
      {providers.data?.mail ? (
        <>
          {sent && (
            <p role="status" className="text-teal-900">
              {sent}
            </p>
          )}
          <FormError error={send.error} />
          <OfflineReason action={i18n._({ id: 'profile.email.sendLinkOfflineAction', message: 'sending a confirmation link' })} />
          <Button variant="secondary" disabled={!online} isLoading={send.isPending} onClick={onSend} className="sm:self-start">
            {i18n._({ id: 'profile.email.sendLink', message: 'Send confirmation link' })}
          </Button>
        </>
      ) : (
        providers.data && (
          <p className="text-stone-600">
            {i18n._({
              id: 'profile.email.noMailToConfirm',
              message: 'This marketplace cannot send email, so no link can confirm it.',
            })}
            {providers.data.google &&
              ' ' + i18n._({ id: 'profile.email.googleConfirms', message: 'Signing in with Google confirms it.' })}
          </p>
        )
      )}
    </div>
  )
}
