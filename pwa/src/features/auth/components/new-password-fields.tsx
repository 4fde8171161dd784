import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field, Input } from '@/components/field'
import { i18n, useI18n } from '@/lib/i18n'
import { checkPassword, minPasswordLength } from '../account-rules'

function required() {
  return { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
}

/** The rules of a new password field: the server's, checked before sending. */
export function newPasswordRules() {
  return { ...required(), validate: checkPassword }
}

/** The rules of its confirmation: the same text again. */
export function confirmPasswordRules(newPassword: () => string) {
  return {
    ...required(),
    validate: (value: string) =>
      value === newPassword() || i18n._({ id: 'account.passwordsDiffer', message: 'The passwords do not match' }),
  }
}

/**
 * 'New password' and 'Confirm new password', for the forms that set one
 * (changing it, or from a reset link). The form registers both with the
 * rules above, so their values stay in its own shape.
 */
export function NewPasswordFields({
  password,
  confirm,
  errors,
}: {
  password: UseFormRegisterReturn
  confirm: UseFormRegisterReturn
  errors: { password?: string; confirm?: string }
}) {
  const i18n = useI18n()
  return (
    <>
      <Field
        label={i18n._({ id: 'account.newPassword', message: 'New password' })}
        error={errors.password}
        hint={i18n._({
          id: 'account.passwordHint',
          message: 'At least {count} characters.',
          values: { count: minPasswordLength },
        })}
      >
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...password} />}
      </Field>
      <Field label={i18n._({ id: 'account.confirmNewPassword', message: 'Confirm new password' })} error={errors.confirm}>
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...confirm} />}
      </Field>
    </>
  )
}
