import { useState } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { Spinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
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

/**
 * Asks for a reset link by email. The answer is the same whether or not the
 * address has an account; the link leads to /reset-password. A marketplace
 * that cannot send mail says to ask an admin for a link instead.
 */
export function ForgotPasswordRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const title = i18n._({ id: 'forgotPassword.title', message: 'Forgot your password?' })
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  useDocumentTitle(title)
  const backToLogin = (
    <Link to={paths.login} className="font-semibold">
      {i18n._({ id: 'forgotPassword.backToLogin', message: 'Back to Log In' })}
    </Link>
  )
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
      <AuthCard title={title}>
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      </AuthCard>
    )
  }

  if (providers.data?.mail !== true && !providers.isError && !providers.isPending) {
    return (
      <AuthCard title={title} footer={backToLogin}>
        <p className="text-center text-stone-700">
          {i18n._({
            id: 'forgotPassword.noMail',
            message:
              'This marketplace cannot send email, so it cannot mail you a reset link. Ask an admin for one: they can make a link that lets you set a new password.',
          })}
        </p>
      </AuthCard>
    )
  }

  if (sent) {
    return (
      <AuthCard title={i18n._({ id: 'forgotPassword.checkEmail', message: 'Check your email' })} footer={backToLogin}>
        <p role="status" className="text-center text-stone-700">
          {sent}
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={title}
      footer={
        <Trans
          id="forgotPassword.remembered"
          message="Remembered it? <0>Log In</0>"
          components={{ 0: <Link to={paths.login} className="font-semibold" /> }}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-stone-700">
          {i18n._({
            id: 'forgotPassword.intro',
            message: 'Enter the email address of your account and we will send you a link to set a new password.',
          })}
        </p>
        <Field label={i18n._({ id: 'forgotPassword.email', message: 'Email' })} error={errors.email?.message}>
          {(control) => (
            <Input
              type="email"
              autoComplete="email"
              {...control}
              {...register('email', { ...required, validate: (value) => isEmailAddress(value) || emailMessage() })}
            />
          )}
        </Field>
        <OfflineReason action={i18n._({ id: 'forgotPassword.offlineAction', message: 'asking for a reset link' })} />
        <Button type="submit" disabled={!online} isLoading={forgot.isPending} className="w-full">
          {i18n._({ id: 'forgotPassword.send', message: 'Send reset link' })}
        </Button>
        <FormError error={formError} />
      </form>
    </AuthCard>
  )
}
