import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { Spinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { paths } from '@/lib/paths'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { emailMessage, isEmailAddress } from '../account-rules'
import { useForgotPassword } from '../api/forgot-password'
import { useProviders } from '../api/providers'
import { AuthCard } from '../components/auth-card'

interface ForgotPasswordForm {
  email: string
}

const backToLogin = (
  <Link to={paths.login} className="font-semibold">
    Back to Log In
  </Link>
)

/**
 * Asks for a reset link by email. The answer is the same whether or not the
 * address has an account; the link leads to /reset-password. A marketplace
 * that cannot send mail says to ask an admin for a link instead.
 */
export function ForgotPasswordRoute() {
  const online = useOnline()
  useDocumentTitle('Forgot your password?')
  const providers = useProviders()
  const forgot = useForgotPassword()
  const [sent, setSent] = useState<string | null>(null)
  const [formError, setFormError] = useState<unknown>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({ defaultValues: { email: '' } })

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null)
    try {
      const answer = await forgot.mutateAsync(email.trim())
      setSent(answer.message)
    } catch (failure) {
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, ['email'])))
    }
  })

  if (providers.isPending && providers.fetchStatus === 'fetching') {
    return (
      <AuthCard title="Forgot your password?">
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      </AuthCard>
    )
  }

  if (providers.data?.mail !== true && !providers.isError && !providers.isPending) {
    return (
      <AuthCard title="Forgot your password?" footer={backToLogin}>
        <p className="text-center text-stone-700">
          This marketplace cannot send email, so it cannot mail you a reset link. Ask an admin for one: they can make
          a link that lets you set a new password.
        </p>
      </AuthCard>
    )
  }

  if (sent) {
    return (
      <AuthCard title="Check your email" footer={backToLogin}>
        <p role="status" className="text-center text-stone-700">
          {sent}
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Forgot your password?"
      footer={
        <>
          Remembered it? <Link to={paths.login} className="font-semibold">Log In</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-stone-700">Enter the email address of your account and we will send you a link to set a new password.</p>
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              type="email"
              autoComplete="email"
              {...control}
              {...register('email', { ...required, validate: (value) => isEmailAddress(value) || emailMessage })}
            />
          )}
        </Field>
        <OfflineReason action="asking for a reset link" />
        <Button type="submit" disabled={!online} isLoading={forgot.isPending} className="w-full">
          Send reset link
        </Button>
        <FormError error={formError} />
      </form>
    </AuthCard>
  )
}
