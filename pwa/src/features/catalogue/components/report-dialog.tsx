import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { maxReportReasonLength as maxReasonLength } from '@/lib/api/contract.gen'

interface ReportDialogProps {
  open: boolean
  productName: string
  onCancel: () => void
  onConfirm: (reason: string) => void
  isPending: boolean
  /** A failure other than the ones answered with a toast. */
  error: unknown
}

/** Asks before reporting, with an optional reason for the admins. */
export function ReportDialog({ open, productName, onCancel, onConfirm, isPending, error }: ReportDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title="Report this product?" closeOnBackdrop={!isPending} showCloseButton={false}>
      <ReportForm productName={productName} onCancel={onCancel} onConfirm={onConfirm} isPending={isPending} error={error} />
    </Dialog>
  )
}

function ReportForm({ productName, onCancel, onConfirm, isPending, error }: Omit<ReportDialogProps, 'open'>) {
  const { register, handleSubmit } = useForm<{ reason: string }>({ defaultValues: { reason: '' } })
  return (
    <form onSubmit={handleSubmit(({ reason }) => onConfirm(reason.trim()))} className="flex flex-col gap-4">
      <p className="text-stone-700">
        An admin will look at <strong>{productName}</strong> and remove it if it breaks the rules.
      </p>
      <Field label="Reason (optional)" hint={`Up to ${maxReasonLength} characters.`}>
        {(control) => <Textarea maxLength={maxReasonLength} {...control} {...register('reason')} />}
      </Field>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isLoading={isPending}>
          Report
        </Button>
      </div>
    </form>
  )
}
