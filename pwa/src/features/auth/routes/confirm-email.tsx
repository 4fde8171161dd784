import { Trans } from '@lingui/react'
import { Link, useSearchParams } from 'react-router-dom'
import { Button } from '@/components/button'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useConfirmEmail } from '../api/confirm-email'
import { AuthCard } from '../components/auth-card'

/**
 * Opened from a link mailed to an address (?token=…): an email change's, to
 * the new address, or a "Confirm your email" link, to the account's own;
 * the server tells which once it is spent. It waits for a click: mail
 * scanners open links too, and must not spend this one. Works signed in or not.
 */
export function ConfirmEmailRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const title = i18n._({ id: 'confirmEmail.title', message: 'Confirm your email address' })
  useDocumentTitle(title)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const { user } = useUser()
  const confirm = useConfirmEmail()
  const tokenError = isApiError(confirm.error) ? confirm.error.fields.token : undefined
  const onward = user ? (
    <Link to={paths.profile} className="font-semibold">
      {i18n._({ id: 'confirmEmail.toProfile', message: 'Go to your profile' })}
    </Link>
  ) : (
    <Link to={paths.login} className="font-semibold">
      {i18n._({ id: 'confirmEmail.logIn', message: 'Log In' })}
    </Link>
  )

  if (!token || tokenError) {
    return (
      <AuthCard title={i18n._({ id: 'confirmEmail.invalidLink', message: 'This link is not valid' })} footer={onward}>
        <p role="alert" className="text-center text-stone-700">
          {tokenError ??
            i18n._({
              id: 'confirmEmail.incompleteLink',
              message: 'This link is not complete. Copy the whole link from the email, or ask for a new one from your profile.',
            })}
        </p>
      </AuthCard>
    )
  }

  if (confirm.data?.kind === 'verification') {
    return (
      <AuthCard title={i18n._({ id: 'confirmEmail.confirmed', message: 'Your email is confirmed' })} footer={onward}>
        <p role="status" className="text-center text-stone-700">
          <Trans
            id="confirmEmail.confirmedBody"
            message="<0>{email}</0> is confirmed as yours"
            values={{ email: confirm.data.email }}
            components={{ 0: <strong className="break-words" /> }}
          />
        </p>
      </AuthCard>
    )
  }

  if (confirm.data) {
    return (
      <AuthCard title={i18n._({ id: 'confirmEmail.changed', message: 'Your email is changed' })} footer={onward}>
        <p role="status" className="text-center text-stone-700">
          <Trans
            id="confirmEmail.changedBody"
            message="Your email is now <0>{email}</0>"
            values={{ email: confirm.data.email }}
            components={{ 0: <strong className="break-words" /> }}
          />
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={title}
      footer={
        <Link to={paths.home} className="font-semibold">
          {i18n._({ id: 'confirmEmail.notNow', message: 'Not now' })}
        </Link>
      }
    >
      <div className="flex flex-col gap-5">
        <p className="text-center text-stone-700">
          {i18n._({
            id: 'confirmEmail.intro',
            message:
              'Confirm that this address is yours. If you asked to change your email, your account uses this address from now on: to log in, and for the emails the marketplace sends.',
          })}
        </p>
        <OfflineReason action={i18n._({ id: 'confirmEmail.offlineAction', message: 'confirming your email' })} />
        <Button disabled={!online} isLoading={confirm.isPending} onClick={() => confirm.mutate(token)} className="w-full">
          {i18n._({ id: 'confirmEmail.submit', message: 'Confirm email' })}
        </Button>
        <FormError error={confirm.error} />
      </div>
    </AuthCard>
  )
}
