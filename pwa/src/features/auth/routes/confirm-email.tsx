import { Link, useSearchParams } from 'react-router-dom'
import { Button } from '@/components/button'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useConfirmEmail } from '../api/confirm-email'
import { AuthCard } from '../components/auth-card'

const noTokenMessage = 'This link is not complete. Copy the whole link from the email, or ask for a new one from your profile.'

/**
 * Opened from a link mailed to an address (?token=…): an email change's, to
 * the new address, or a "Confirm your email" link, to the account's own;
 * the server tells which once it is spent. It waits for a click: mail
 * scanners open links too, and must not spend this one. Works signed in or not.
 */
export function ConfirmEmailRoute() {
  const online = useOnline()
  useDocumentTitle('Confirm your email address')
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const { user } = useUser()
  const confirm = useConfirmEmail()
  const tokenError = isApiError(confirm.error) ? confirm.error.fields.token : undefined
  const onward = user ? (
    <Link to={paths.profile} className="font-semibold">
      Go to your profile
    </Link>
  ) : (
    <Link to={paths.login} className="font-semibold">
      Log In
    </Link>
  )

  if (!token || tokenError) {
    return (
      <AuthCard title="This link is not valid" footer={onward}>
        <p role="alert" className="text-center text-stone-700">
          {tokenError ?? noTokenMessage}
        </p>
      </AuthCard>
    )
  }

  if (confirm.data?.kind === 'verification') {
    return (
      <AuthCard title="Your email is confirmed" footer={onward}>
        <p role="status" className="text-center text-stone-700">
          <strong className="break-words">{confirm.data.email}</strong> is confirmed as yours
        </p>
      </AuthCard>
    )
  }

  if (confirm.data) {
    return (
      <AuthCard title="Your email is changed" footer={onward}>
        <p role="status" className="text-center text-stone-700">
          Your email is now <strong className="break-words">{confirm.data.email}</strong>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Confirm your email address"
      footer={
        <Link to={paths.home} className="font-semibold">
          Not now
        </Link>
      }
    >
      <div className="flex flex-col gap-5">
        <p className="text-center text-stone-700">
          Confirm that this address is yours. If you asked to change your email, your account uses this address from
          now on: to log in, and for the emails the marketplace sends.
        </p>
        <OfflineReason action="confirming your email" />
        <Button disabled={!online} isLoading={confirm.isPending} onClick={() => confirm.mutate(token)} className="w-full">
          Confirm email
        </Button>
        <FormError error={confirm.error} />
      </div>
    </AuthCard>
  )
}
