import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import { useChangePassword } from '../api/change-password'
import { confirmPasswordRules, NewPasswordFields, newPasswordRules } from './new-password-fields'

interface PasswordForm {
  current_password: string
  new_password: string
  confirm: string
}

const empty: PasswordForm = { current_password: '', new_password: '', confirm: '' }

/**
 * The current password and a new one (twice); the other sessions of the
 * account end. An account with no password (its old one was removed when
 * its email's owner took it over with Google) sets a first one: `first`
 * leaves out the current password, which the server asks only of accounts
 * that have one.
 */
export function ChangePasswordForm({ first = false, onChanged }: { first?: boolean; onChanged?: () => void }) {
  const i18n = useI18n()
  const online = useOnline()
  const change = useChangePassword()
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ defaultValues: empty })
  const [formError, setFormError] = useState<unknown>(null)

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null)
    try {
      await change.mutateAsync({ current_password, new_password })
    } catch (failure) {
      const fields = ['current_password', 'new_password'] as const
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, fields)))
      return
    }
    toast.success(
      first
        ? i18n._({ id: 'profile.password.set', message: 'Your password is set. You can log in with it.' })
        : i18n._({
            id: 'profile.password.changed',
            message: 'Your password is changed. You are signed out everywhere else.',
          }),
    )
    reset(empty)
    onChanged?.()
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {!first && (
        <Field
          label={i18n._({ id: 'profile.password.current', message: 'Current password' })}
          error={errors.current_password?.message}
        >
          {(control) => (
            <Input type="password" autoComplete="current-password" {...control} {...register('current_password', required)} />
          )}
        </Field>
      )}
      <NewPasswordFields
        password={register('new_password', newPasswordRules())}
        confirm={register(
          'confirm',
          confirmPasswordRules(() => getValues('new_password')),
        )}
        errors={{ password: errors.new_password?.message, confirm: errors.confirm?.message }}
      />
      <FormError error={formError} />
      <OfflineReason action={i18n._({ id: 'profile.password.offlineAction', message: 'changing your password' })} />
      <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
        {first
          ? i18n._({ id: 'profile.password.setButton', message: 'Set password' })
          : i18n._({ id: 'profile.password.changeButton', message: 'Change password' })}
      </Button>
    </form>
  )
}
