import type { ReactNode } from 'react'
import { Trans } from '@lingui/react'
import toast from 'react-hot-toast'
import { useSearchParams } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { FormError } from '@/components/form-error'
import { PageHeader } from '@/components/page-header'
import { apiUrl } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { useSiteName } from '@/lib/site'
import { useProviders } from '../api/providers'
import { useSignOutElsewhere } from '../api/sign-out-elsewhere'
import { BlockedPeople } from '../components/blocked-people'
import { ChangeEmailForm } from '../components/change-email-form'
import { ChangePasswordForm } from '../components/change-password-form'
import { DeleteAccount } from '../components/delete-account'
import { EmailConfirmation } from '../components/email-confirmation'
import { GoogleLink } from '../components/google-link'
import { LanguageSetting } from '../components/language-setting'
import { NotificationSettings } from '../components/notification-settings'
import { ProfileDetailsForm } from '../components/profile-details-form'
import { SessionsList } from '../components/sessions-list'

function Section({
  id,
  title,
  tone = 'plain',
  children,
}: {
  id: string
  title: string
  tone?: 'plain' | 'danger'
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-2xl border bg-white p-5 shadow-sm sm:p-8',
        tone === 'danger' ? 'border-red-300' : 'border-stone-200',
      )}
    >
      <h2 id={id} className={cn('mb-5 text-xl font-semibold', tone === 'danger' && 'text-red-800')}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * Where the server sends someone who, signing in with Google, took over the
 * account made with their email before it was confirmed: its password was
 * removed, and they may set one.
 */
const passwordRemovedNotice = 'password-removed'
const googleLinkedNotice = 'google-linked'

/** The signed-in person's own account: details, email, password, sessions, their data, and leaving. */
export function ProfileRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const siteName = useSiteName()
  const { user } = useUser()
  const signOut = useSignOutElsewhere()
  const providers = useProviders()
  const [searchParams, setSearchParams] = useSearchParams()
  const passwordRemoved = searchParams.get('notice') === passwordRemovedNotice
  // Where linking Google from here comes back to (components/google-link.tsx).
  const googleLinked = searchParams.get('notice') === googleLinkedNotice
  const googleError = searchParams.get('error')
  // An account without a password (made through Google, or taken over) sets a first one, with no current one.
  const firstPassword = passwordRemoved || user?.has_password === false
  // Once a password is set, the notice and the form without a current password have done their work.
  const dismissNotice = () => setSearchParams({}, { replace: true })

  const onSignOutElsewhere = () =>
    signOut.mutate(undefined, {
      onSuccess: () => toast.success(i18n._({ id: 'profile.signedOutElsewhere', message: 'Signed out everywhere else' })),
    })

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader
        title={i18n._({ id: 'profile.title', message: 'Profile' })}
        description={i18n._({
          id: 'profile.description',
          message: 'Your details, email and password, where you are signed in, whom you blocked, notifications, and your data.',
        })}
        className="mb-0"
      />
      {passwordRemoved && (
        <div role="status" className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
          <p className="font-semibold">
            {i18n._({ id: 'profile.passwordRemoved.title', message: 'Your account is yours alone now' })}
          </p>
          <p>
            {user ? (
              <Trans
                id="profile.passwordRemoved.body"
                message="Google confirmed that <0>{email}</0> is yours. Someone had made this account with it before it was confirmed, so the password it had was removed and every other device was signed out. Keep signing in with Google, or set a password below."
                values={{ email: user.email }}
                components={{ 0: <strong className="break-words" /> }}
              />
            ) : (
              i18n._({
                id: 'profile.passwordRemoved.bodyNoEmail',
                message:
                  'Google confirmed that this email is yours. Someone had made this account with it before it was confirmed, so the password it had was removed and every other device was signed out. Keep signing in with Google, or set a password below.',
              })
            )}
          </p>
        </div>
      )}
      <Section id="profile-details" title={i18n._({ id: 'profile.details', message: 'Your details' })}>
        {user && <ProfileDetailsForm key={user.id} user={user} />}
      </Section>
      <Section id="profile-language" title={i18n._({ id: 'profile.language.title', message: 'Language' })}>
        {user && <LanguageSetting user={user} />}
      </Section>
      <Section id="profile-email" title={i18n._({ id: 'profile.email', message: 'Email' })}>
        {user && (
          <div className="flex flex-col gap-5">
            <EmailConfirmation user={user} />
            <ChangeEmailForm email={user.email} />
          </div>
        )}
      </Section>
      <Section
        id="profile-password"
        title={
          firstPassword
            ? i18n._({ id: 'profile.setPassword', message: 'Set a password' })
            : i18n._({ id: 'profile.changePassword', message: 'Change password' })
        }
      >
        <ChangePasswordForm first={firstPassword} onChanged={passwordRemoved ? dismissNotice : undefined} />
      </Section>
      {providers.data?.google && (
        <Section id="profile-google" title={i18n._({ id: 'profile.google.title', message: 'Sign in with Google' })}>
          <GoogleLink linked={googleLinked} error={googleError} />
        </Section>
      )}
      <Section id="profile-sessions" title={i18n._({ id: 'profile.sessions', message: 'Active sessions' })}>
        <div className="flex flex-col gap-4">
          <p className="text-stone-600">
            {i18n._({ id: 'profile.sessions.intro', message: 'The browsers and devices where you are signed in.' })}
          </p>
          <SessionsList />
          <p className="text-stone-600">
            {i18n._({
              id: 'profile.sessions.signOutHint',
              message: 'Sign out on every other device and browser where you are signed in; you stay signed in here.',
            })}
          </p>
          <FormError error={signOut.error} />
          <Button
            variant="secondary"
            disabled={!online}
            isLoading={signOut.isPending}
            onClick={onSignOutElsewhere}
            className="sm:self-start"
          >
            {i18n._({ id: 'profile.sessions.signOutElsewhere', message: 'Sign out everywhere else' })}
          </Button>
        </div>
      </Section>
      <Section id="profile-blocked" title={i18n._({ id: 'profile.blocked', message: 'Blocked people' })}>
        <BlockedPeople />
      </Section>
      <Section id="profile-notifications" title={i18n._({ id: 'profile.notifications', message: 'Notifications' })}>
        <NotificationSettings />
      </Section>
      <Section id="profile-data" title={i18n._({ id: 'profile.data', message: 'Your data' })}>
        <div className="flex flex-col gap-4">
          <p className="text-stone-600">
            {i18n._({
              id: 'profile.data.intro',
              message:
                'Everything the marketplace holds about you (your account, listings, bookings and reports) as one JSON file.',
            })}
          </p>
          <a
            href={apiUrl('/auth/me/export')}
            download
            className={buttonClasses({ variant: 'secondary', className: 'sm:self-start' })}
          >
            {i18n._({ id: 'profile.data.download', message: 'Download my data' })}
          </a>
        </div>
      </Section>
      <Section
        id="profile-leave"
        title={i18n._({ id: 'profile.leave', message: 'Leave {siteName}', values: { siteName } })}
        tone="danger"
      >
        <DeleteAccount />
      </Section>
    </div>
  )
}
