import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field, Input } from '@/components/field'
import { required } from '@/lib/form'
import { checkPassword, minPasswordLength } from '../account-rules'

const mismatchMessage = 'The passwords do not match'

/** The rules of a new password field: the server's, checked before sending. */
export const newPasswordRules = { ...required, validate: checkPassword }

/** The rules of its confirmation: the same text again. */
export function confirmPasswordRules(newPassword: () => string) {
  return { ...required, validate: (value: string) => value === newPassword() || mismatchMessage }
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
  return (
    <>
      <Field label="New password" error={errors.password} hint={`At least ${minPasswordLength} characters.`}>
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...password} />}
      </Field>
      <Field label="Confirm new password" error={errors.confirm}>
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...confirm} />}
      </Field>
    </>
  )
}
