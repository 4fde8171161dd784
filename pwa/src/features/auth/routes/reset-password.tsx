import { useState } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from '@/components/button'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { isApiError } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useResetPassword } from '../api/reset-password'
import { AuthCard } from '../components/auth-card'
import { confirmPasswordRules, NewPasswordFields, newPasswordRules } from '../components/new-password-fields'

interface ResetPasswordForm {
  password: string
  confirm: string
}

/**
 * Opened from a reset link (?token=…), mailed or made by an admin: a new
 * password, and the person is signed in. A link that is missing, unknown,
 * expired or used leads to asking for a new one, or to Log In.
 */
export function ResetPasswordRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const title = i18n._({ id: 'resetPassword.title', message: 'Reset your password' })
  useDocumentTitle(title)
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const reset = useResetPassword()
  const [tokenError, setTokenError] = useState<string | null>(null)
  const [formError, setFormError] = useState<unknown>(null)
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ResetPasswordForm>({ defaultValues: { password: '', confirm: '' } })

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      await reset.mutateAsync({ token, password })
    } catch (failure) {
      const tokenMessage = isApiError(failure) ? failure.fields.token : undefined
      if (tokenMessage) {
        setTokenError(tokenMessage)
        return
      }
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, ['password'])))
      return
    }
    toast.success(i18n._({ id: 'resetPassword.changed', message: 'Your password is changed' }))
    await navigate(paths.dashboard, { replace: true })
  })

  if (!token || tokenError) {
    return (
      <AuthCard title={i18n._({ id: 'resetPassword.invalidLink', message: 'This link is not valid' })}>
        <div role="alert" className="flex flex-col gap-5 text-center text-stone-700">
          <p>
            {tokenError ??
              i18n._({
                id: 'resetPassword.incompleteLink',
                message: 'This link is not complete. Ask for a new one, or log in if you know your password.',
              })}
          </p>
          <p className="flex justify-center gap-6">
            <Link to={paths.forgotPassword} className="font-semibold">
              {i18n._({ id: 'resetPassword.askNewLink', message: 'Ask for a new link' })}
            </Link>
            <Link to={paths.login} className="font-semibold">
              {i18n._({ id: 'resetPassword.logIn', message: 'Log In' })}
            </Link>
          </p>
        </div>
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
        <NewPasswordFields
          password={register('password', newPasswordRules())}
          confirm={register(
            'confirm',
            confirmPasswordRules(() => getValues('password')),
          )}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        <OfflineReason action={i18n._({ id: 'resetPassword.offlineAction', message: 'changing your password' })} />
        <Button type="submit" disabled={!online} isLoading={reset.isPending} className="w-full">
          {i18n._({ id: 'resetPassword.submit', message: 'Change password' })}
        </Button>
        <FormError error={formError} />
      </form>
    </AuthCard>
  )
}
