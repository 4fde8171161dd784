import { buttonClasses } from '@/components/button'
import { FormError } from '@/components/form-error'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'

/**
 * Profile's "Link Google", shown when the marketplace offers Google: the
 * browser goes to Google and the server links that Google account to this one
 * when it has this account's email, then comes back to Profile with
 * ?notice=google-linked, or ?error=… saying why not.
 */
export function GoogleLink({ linked, error }: { linked: boolean; error: string | null }) {
  const i18n = useI18n()
  const online = useOnline()
  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-600">
        {i18n._({
          id: 'profile.google.intro',
          message: 'Link the Google account with the same email as this account, to sign in with Google as well.',
        })}
      </p>
      {linked && (
        <p role="status" className="rounded-lg border border-teal-200 bg-teal-50 px-4 py-3 text-teal-900">
          {i18n._({ id: 'profile.google.linked', message: 'Google is linked: you can sign in with Google from now on.' })}
        </p>
      )}
      <FormError error={error ? new Error(error) : null} />
      {online && (
        <a href="/api/auth/google?link=1" className={buttonClasses({ variant: 'secondary', className: 'sm:self-start' })}>
          {i18n._({ id: 'profile.google.link', message: 'Link Google' })}
        </a>
      )}
    </div>
  )
}
