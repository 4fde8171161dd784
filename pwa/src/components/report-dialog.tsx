import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { maxReportReasonLength as maxReasonLength } from '@/lib/api/contract.gen'
import { useI18n } from '@/lib/i18n'
import { Button } from './button'
import { Dialog } from './dialog'
import { Field, Textarea } from './field'
import { FormError } from './form-error'

export interface ReportDialogProps {
  open: boolean
  /** "Report this product?", "Report Sam?"… */
  title: string
  /** What the admins will do with it, said before it is sent. */
  children: ReactNode
  onCancel: () => void
  onConfirm: (reason: string) => void
  isPending: boolean
  /** A failure other than the ones answered with a toast. */
  error: unknown
}

/** Asks before reporting a listing, a person, a message or a review, with an optional reason for the admins. */
export function ReportDialog({ open, title, children, onCancel, onConfirm, isPending, error }: ReportDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} closeOnBackdrop={!isPending} showCloseButton={false}>
      <ReportForm onCancel={onCancel} onConfirm={onConfirm} isPending={isPending} error={error}>
        {children}
      </ReportForm>
    </Dialog>
  )
}

function ReportForm({ children, onCancel, onConfirm, isPending, error }: Omit<ReportDialogProps, 'open' | 'title'>) {
  const i18n = useI18n()
  const { register, handleSubmit } = useForm<{ reason: string }>({ defaultValues: { reason: '' } })
  return (
    <form onSubmit={handleSubmit(({ reason }) => onConfirm(reason.trim()))} className="flex flex-col gap-4">
      <div className="text-stone-700">{children}</div>
      <Field
        label={i18n._({ id: 'common.report.reason', message: 'Reason (optional)' })}
        hint={i18n._({ id: 'common.upToCharacters', message: 'Up to {max} characters.', values: { max: maxReasonLength } })}
      >
        {(control) => <Textarea maxLength={maxReasonLength} {...control} {...register('reason')} />}
      </Field>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {i18n._({ id: 'common.cancel', message: 'Cancel' })}
        </Button>
        <Button type="submit" variant="danger" isLoading={isPending}>
          {i18n._({ id: 'common.report', message: 'Report' })}
        </Button>
      </div>
    </form>
  )
}
