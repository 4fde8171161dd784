import { useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Dialog } from '@/components/dialog'
import { Field, Input, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { maxSuspendReasonLength, maxSuspensionDays } from '@/lib/api/contract.gen'
import { formatDateTime } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { unplacedError, useFormSubmission } from '@/lib/server-field-errors'
import type { User } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useSuspendUser, useUnsuspendUser } from '../api/suspend-user'

/** The days a suspension lasts unless the admin says otherwise. */
export const defaultSuspensionDays = 7

/** Whether the account is suspended now (the server says null once it ended; a list fetched earlier may not know yet). */
export function isSuspended(user: User, now = Date.now()): boolean {
  return !!user.suspended_until && Date.parse(user.suspended_until) > now
}

/** "Suspended until Dec 4, 2026, 10:15 AM", with the admin's reason beneath, for a suspended account's row. */
export function SuspensionNote({ user }: { user: User }) {
  const i18n = useI18n()
  if (!isSuspended(user) || !user.suspended_until) return null
  return (
    <span className="flex min-w-0 flex-col items-end gap-0.5 md:max-w-40 md:items-start">
      <Badge tone="red" wrap title={user.suspend_reason || undefined}>
        <Trans
          id="admin.suspension.until"
          message="<0>Suspended until</0> <1>{date}</1>"
          values={{ date: formatDateTime(user.suspended_until) }}
          components={{
            // The words may wrap, the date does not: the note stays narrow beside a wide table's other columns.
            0: <span />,
            1: <time dateTime={user.suspended_until} className="whitespace-nowrap" />,
          }}
        />
      </Badge>
      {user.suspend_reason && (
        <span className="text-sm text-stone-700 wrap-anywhere">
          {i18n._({ id: 'admin.suspension.reasonShown', message: 'Reason: {reason}', values: { reason: user.suspend_reason } })}
        </span>
      )}
    </span>
  )
}

interface SuspendValues {
  days: number
  reason: string
}

function SuspendForm({ user, onDone, onCancel }: { user: User; onDone: () => void; onCancel: () => void }) {
  const i18n = useI18n()
  const suspend = useSuspendUser()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SuspendValues>({ defaultValues: { days: defaultSuspensionDays, reason: '' } })
  const submission = useFormSubmission(setError, ['days', 'reason'])
  const onSubmit = handleSubmit(async ({ days, reason }) => {
    if (await submission.send(() => suspend.mutateAsync({ id: user.id, days, reason: reason.trim() }))) {
      toast.success(i18n._({ id: 'admin.suspension.done', message: '{name} is suspended', values: { name: user.name } }))
      onDone()
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">
        <Trans
          id="admin.suspension.body"
          message="<0>{name}</0> ({email}) is signed out and cannot sign in until it ends, and their listings are hidden meanwhile. They are told why when they try to sign in."
          values={{ name: user.name, email: user.email }}
          components={{ 0: <strong /> }}
        />
      </p>
      <Field
        label={i18n._({ id: 'admin.suspension.days', message: 'Days' })}
        error={errors.days?.message}
        hint={i18n._({ id: 'admin.suspension.daysHint', message: 'From 1 to {max}.', values: { max: maxSuspensionDays } })}
      >
        {(control) => (
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={maxSuspensionDays}
            step={1}
            className="sm:max-w-32"
            {...control}
            {...register('days', {
              valueAsNumber: true,
              validate: (days) =>
                (Number.isInteger(days) && days >= 1 && days <= maxSuspensionDays) ||
                i18n._({
                  id: 'admin.suspension.daysInvalid',
                  message: 'Choose 1 to {max} days',
                  values: { max: maxSuspensionDays },
                }),
            })}
          />
        )}
      </Field>
      <Field
        label={i18n._({ id: 'admin.suspension.reason', message: 'Reason' })}
        error={errors.reason?.message}
        hint={i18n._({
          id: 'admin.suspension.reasonHint',
          message: 'They read it when they try to sign in. Up to {max} characters.',
          values: { max: maxSuspendReasonLength },
        })}
      >
        {(control) => (
          <Textarea
            maxLength={maxSuspendReasonLength}
            {...control}
            {...register('reason', {
              validate: (reason) => reason.trim() !== '' || i18n._({ id: 'form.required', message: 'This field is required' }),
            })}
          />
        )}
      </Field>
      <FormError error={unplacedError(suspend.error, submission.error)} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={suspend.isPending}>
          {i18n._({ id: 'admin.suspension.cancel', message: 'Cancel' })}
        </Button>
        <Button type="submit" variant="danger" isLoading={suspend.isPending}>
          {i18n._({ id: 'admin.suspension.suspend', message: 'Suspend' })}
        </Button>
      </div>
    </form>
  )
}

/**
 * Suspend and Unsuspend for the admins' lists of accounts (All Users, Buyers,
 * Sellers): `action(user)` is the row's button (none for an admin, who cannot
 * be suspended), `dialogs` the dialogs they open, rendered once by the screen.
 */
export function useSuspensions(): { action: (user: User) => ReactNode; dialogs: ReactNode } {
  const i18n = useI18n()
  const [suspending, setSuspending] = useState<User | null>(null)
  const lifting = useConfirmedAction({
    mutation: useUnsuspendUser(),
    variables: (user: User) => user.id,
    success: i18n._({ id: 'admin.suspension.lifted', message: 'Suspension lifted' }),
  })
  const close = () => setSuspending(null)

  const action = (user: User): ReactNode => {
    if (user.role === 'Admin') return null
    return isSuspended(user) ? (
      <Button
        aria-label={i18n._({ id: 'admin.suspension.unsuspendUser', message: 'Unsuspend {name}', values: { name: user.name } })}
        variant="secondary"
        size="sm"
        onClick={() => lifting.ask(user)}
      >
        {i18n._({ id: 'admin.suspension.unsuspend', message: 'Unsuspend' })}
      </Button>
    ) : (
      <Button
        aria-label={i18n._({ id: 'admin.suspension.suspendUser', message: 'Suspend {name}', values: { name: user.name } })}
        variant="secondary"
        size="sm"
        onClick={() => setSuspending(user)}
      >
        {i18n._({ id: 'admin.suspension.suspend', message: 'Suspend' })}
      </Button>
    )
  }

  const dialogs = (
    <>
      <Dialog
        open={suspending !== null}
        onClose={close}
        title={i18n._({ id: 'admin.suspension.title', message: 'Suspend this account?' })}
        showCloseButton={false}
        closeOnBackdrop={false}
      >
        {suspending && <SuspendForm user={suspending} onDone={close} onCancel={close} />}
      </Dialog>
      <ConfirmDialog
        {...lifting.dialog}
        title={i18n._({ id: 'admin.suspension.liftTitle', message: 'Lift this suspension?' })}
        message={
          lifting.target && (
            <p>
              <Trans
                id="admin.suspension.liftBody"
                message="<0>{name}</0> ({email}) may sign in again at once, and their listings show again."
                values={{ name: lifting.target.name, email: lifting.target.email }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.suspension.unsuspend', message: 'Unsuspend' })}
        tone="primary"
      />
    </>
  )
  return { action, dialogs }
}
