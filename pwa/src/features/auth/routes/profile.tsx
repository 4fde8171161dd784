import type { ReactNode } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { FormError } from '@/components/form-error'
import { PageHeader } from '@/components/page-header'
import { useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { useSignOutElsewhere } from '../api/sign-out-elsewhere'
import { ChangePasswordForm } from '../components/change-password-form'
import { ProfileDetailsForm } from '../components/profile-details-form'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id={id} className="mb-5 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The signed-in person's own account: details, password, and other sessions. */
export function ProfileRoute() {
  const online = useOnline()
  const { user } = useUser()
  const signOut = useSignOutElsewhere()

  const onSignOutElsewhere = () =>
    signOut.mutate(undefined, { onSuccess: () => toast.success('Signed out everywhere else') })

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title="Profile" description="Your details, your password, and where you are signed in." className="mb-0" />
      <Section id="profile-details" title="Your details">
        {user && <ProfileDetailsForm key={user.id} user={user} />}
      </Section>
      <Section id="profile-password" title="Change password">
        <ChangePasswordForm />
      </Section>
      <Section id="profile-sessions" title="Signed in elsewhere?">
        <div className="flex flex-col gap-4">
          <p className="text-stone-600">
            Sign out on every other device and browser where you are signed in; you stay signed in here.
          </p>
          <FormError error={signOut.error} />
          <Button
            variant="secondary"
            disabled={!online}
            isLoading={signOut.isPending}
            onClick={onSignOutElsewhere}
            className="sm:self-start"
          >
            Sign out everywhere else
          </Button>
        </div>
      </Section>
    </div>
  )
}
