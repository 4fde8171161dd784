import { useEffect } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from '@/components/button'
import { Checkbox, Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useSiteName } from '@/lib/site'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useLogin, type LoginInput } from '../api/login'
import { AuthCard } from '../components/auth-card'
import { signedOutToast } from '../components/session-ended'
import { wasSignedOutElsewhere } from '../forgetting'
import { GoogleButton } from '../components/google-button'
import { originFrom, type AuthRedirectState } from '../origin'

export function LoginRoute() {
  const i18n = useI18n()
  const siteName = useSiteName()
  const online = useOnline()
  const title = i18n._({ id: 'login.title', message: 'Login' })
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  useDocumentTitle(title)
  const location = useLocation()
  const navigate = useNavigate()
  const login = useLogin()
  // A sign-in with Google that failed comes back here with its reason.
  const [searchParams] = useSearchParams()
  const providerError = searchParams.get('error')
  // A guard sent a signed-out visitor here from the page they wanted.
  // An action a visitor tried (Book, Sell) says what they log in for.
  const redirect = location.state as AuthRedirectState | null
  const sentByGuard = Boolean(redirect?.from)
  // A session that ended elsewhere is said here, where it stays, rather than twice.
  const signedOutElsewhere = wasSignedOutElsewhere()
  useEffect(() => {
    if (signedOutElsewhere) toast.dismiss(signedOutToast)
  }, [signedOutElsewhere])
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ defaultValues: { email: '', password: '' } })

  const onSubmit = handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: () => navigate(originFrom(location.state), { replace: true }),
    }),
  )

  return (
    <AuthCard
      title={title}
      footer={
        <Trans
          id="login.newHere"
          message="New to {siteName}? <0>Register</0>"
          values={{ siteName }}
          components={{ 0: <Link to={paths.register} state={location.state} className="font-semibold" /> }}
        />
      }
    >
      {(sentByGuard || signedOutElsewhere) && (
        <p role="status" className="mb-5 rounded-lg border border-teal-200 bg-teal-50 px-4 py-3 text-teal-900">
          {signedOutElsewhere
            ? i18n._({ id: 'login.signedOutElsewhere', message: 'You were signed out. Log in again to carry on.' })
            : (redirect?.reason ?? i18n._({ id: 'login.logInToSee', message: 'Log in to see the listings' }))}
        </p>
      )}
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label={i18n._({ id: 'login.email', message: 'Email' })} error={errors.email?.message}>
          {(control) => <Input type="email" autoComplete="email" {...control} {...register('email', required)} />}
        </Field>
        <Field label={i18n._({ id: 'login.password', message: 'Password' })} error={errors.password?.message}>
          {(control) => (
            <Input type="password" autoComplete="current-password" {...control} {...register('password', required)} />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label={i18n._({ id: 'login.rememberMe', message: 'Remember me' })} name="remember" />
          <Link to={paths.forgotPassword} className="inline-flex min-h-11 items-center text-sm">
            {i18n._({ id: 'login.forgotPassword', message: 'Forgot password?' })}
          </Link>
        </div>
        <OfflineReason action="signing in" />
        <Button type="submit" disabled={!online} isLoading={login.isPending} className="w-full">
          {title}
        </Button>
        <FormError error={login.error ?? (providerError ? new Error(providerError) : null)} />
        <GoogleButton label={i18n._({ id: 'login.google', message: 'Sign in with google' })} next={originFrom(location.state)} />
      </form>
    </AuthCard>
  )
}
