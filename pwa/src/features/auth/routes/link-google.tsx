import { useState } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useLinkGoogle } from '../api/link-google'
import { AuthCard } from '../components/auth-card'

interface LinkGoogleForm {
  password: string
}

/** A path on this site to go to after signing in; anything else is home. */
function sameSitePath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home
  return next
}

/**
 * Where the server sends a Google sign-in whose email is that of an account
 * with a password (?email=…&next=…): Google alone does not open it, since
 * whoever set the password may not be the email's owner. Its password links
 * Google and signs in; a forgotten one is reset by email first.
 */
export function LinkGoogleRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const title = i18n._({ id: 'linkGoogle.title', message: 'Link Google' })
  useDocumentTitle(title)
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email') ?? ''
  const next = sameSitePath(searchParams.get('next'))
  const link = useLinkGoogle()
  const [formError, setFormError] = useState<unknown>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LinkGoogleForm>({ defaultValues: { password: '' } })

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      await link.mutateAsync(password)
    } catch (failure) {
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, ['password'])))
      return
    }
    await navigate(next, { replace: true })
  })

  return (
    <AuthCard
      title={title}
      footer={
        <Link to={paths.login} className="font-semibold">
          {i18n._({ id: 'linkGoogle.backToLogin', message: 'Back to Log In' })}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-stone-700">
          {email ? (
            <Trans
              id="linkGoogle.intro"
              message="An account with this email (<0>{email}</0>) exists. Enter its password to link Google."
              values={{ email }}
              components={{ 0: <strong className="break-words" /> }}
            />
          ) : (
            i18n._({
              id: 'linkGoogle.introNoEmail',
              message: 'An account with this email exists. Enter its password to link Google.',
            })
          )}
        </p>
        <Field label={i18n._({ id: 'linkGoogle.password', message: 'Password' })} error={errors.password?.message}>
          {(control) => (
            <Input
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('password', {
                required: i18n._({ id: 'form.required', message: 'This field is required' }),
              })}
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="inline-flex min-h-11 items-center text-sm">
            {i18n._({ id: 'login.forgotPassword', message: 'Forgot password?' })}
          </Link>
        </div>
        <OfflineReason action={i18n._({ id: 'linkGoogle.offlineAction', message: 'linking Google' })} />
        <Button type="submit" disabled={!online} isLoading={link.isPending} className="w-full">
          {i18n._({ id: 'linkGoogle.submit', message: 'Link Google and sign in' })}
        </Button>
        <FormError error={formError} />
      </form>
    </AuthCard>
  )
}
