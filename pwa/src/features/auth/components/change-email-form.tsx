import { useState } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import { emailMessage, isEmailAddress } from '../account-rules'
import { useChangeEmail } from '../api/change-email'
import { useProviders } from '../api/providers'

interface EmailForm {
  email: string
  password: string
}

const empty: EmailForm = { email: '', password: '' }

/**
 * The current email, and a new one with the current password: a link goes to
 * the new address, and the email changes once it is opened. Without mail the
 * marketplace cannot send that link, so there is no form.
 */
export function ChangeEmailForm({ email }: { email: string }) {
  const i18n = useI18n()
  const online = useOnline()
  const providers = useProviders()
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  const change = useChangeEmail()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailForm>({ defaultValues: empty })
  const [formError, setFormError] = useState<unknown>(null)
  const [sent, setSent] = useState<string | null>(null)

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null)
    setSent(null)
    let message: string
    try {
      ;({ message } = await change.mutateAsync({ email: input.email.trim(), password: input.password }))
    } catch (failure) {
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, ['email', 'password'])))
      return
    }
    toast.success(message)
    setSent(message)
    reset(empty)
  })

  const current = (
    <p className="text-stone-700">
      <Trans
        id="profile.email.current"
        message="Your email address is <0>{email}</0>."
        values={{ email }}
        components={{ 0: <strong className="break-words text-stone-900" /> }}
      />
    </p>
  )

  if (providers.data && !providers.data.mail) {
    return (
      <div className="flex flex-col gap-4">
        {current}
        <p className="text-stone-600">
          {i18n._({
            id: 'profile.email.noMail',
            message: 'Email changes need mail, which this marketplace has not set up. Ask an admin.',
          })}
        </p>
      </div>
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {current}
      <Field label={i18n._({ id: 'profile.email.new', message: 'New email' })} error={errors.email?.message}>
        {(control) => (
          <Input
            type="email"
            autoComplete="email"
            {...control}
            {...register('email', { ...required, validate: (value) => isEmailAddress(value) || emailMessage() })}
          />
        )}
      </Field>
      <Field label={i18n._({ id: 'profile.password.current', message: 'Current password' })} error={errors.password?.message}>
        {(control) => <Input type="password" autoComplete="current-password" {...control} {...register('password', required)} />}
      </Field>
      {sent && (
        <p role="status" className="rounded-lg border border-teal-200 bg-teal-50 px-4 py-3 text-teal-900">
          {sent}
        </p>
      )}
      <FormError error={formError} />
      <OfflineReason action={i18n._({ id: 'profile.email.offlineAction', message: 'changing your email' })} />
      <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
        {i18n._({ id: 'profile.email.change', message: 'Change email' })}
      </Button>
    </form>
  )
}
