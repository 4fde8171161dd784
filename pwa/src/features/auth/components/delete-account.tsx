import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import { useDeleteAccount } from '../api/delete-account'

interface DeleteForm {
  password: string
}

/** The form inside the dialog; mounted afresh each time the dialog opens. */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const i18n = useI18n()
  const online = useOnline()
  const remove = useDeleteAccount()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteForm>({ defaultValues: { password: '' } })
  const [formError, setFormError] = useState<unknown>(null)

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      await remove.mutateAsync(password)
    } catch (failure) {
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, ['password'])))
      return
    }
    toast.success(i18n._({ id: 'profile.delete.done', message: 'Your account was deleted' }))
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-stone-700">
        {i18n._({
          id: 'profile.delete.warning',
          message:
            'Your account, your listings and your adverts are deleted, and you are signed out everywhere. This cannot be undone.',
        })}
      </p>
      <Field
        label={i18n._({ id: 'profile.delete.password', message: 'Password' })}
        error={errors.password?.message}
        hint={i18n._({
          id: 'profile.delete.passwordHint',
          message: 'Your current password. If you only ever signed in with Google, leave it empty.',
        })}
      >
        {(control) => <Input type="password" autoComplete="current-password" {...control} {...register('password')} />}
      </Field>
      <FormError error={formError} />
      <OfflineReason action={i18n._({ id: 'profile.delete.offlineAction', message: 'deleting your account' })} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {i18n._({ id: 'profile.delete.cancel', message: 'Cancel' })}
        </Button>
        <Button type="submit" variant="danger" disabled={!online} isLoading={isSubmitting}>
          {i18n._({ id: 'profile.delete.button', message: 'Delete my account' })}
        </Button>
      </div>
    </form>
  )
}

/** Leaving the marketplace: what goes and what stays, and a dialog that asks for the password. */
export function DeleteAccount() {
  const i18n = useI18n()
  const [open, setOpen] = useState(false)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-700">
        {i18n._({
          id: 'profile.delete.intro',
          message:
            'Deleting your account deletes your listings and adverts, and cancels the open bookings you made or received. Bookings keep their details (item, price, names), so the other person still has a record of them.',
        })}
      </p>
      <Button variant="danger" onClick={() => setOpen(true)} className="sm:self-start">
        {i18n._({ id: 'profile.delete.button', message: 'Delete my account' })}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={i18n._({ id: 'profile.delete.title', message: 'Delete your account?' })}
        closeOnBackdrop={false}
      >
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Dialog>
    </div>
  )
}
