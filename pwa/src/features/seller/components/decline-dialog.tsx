import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { maxDeclineReasonLength } from '@/lib/api/contract.gen'
import type { Booking } from '@/lib/types'

interface DeclineDialogProps {
  /** The booking to decline, or null when closed. */
  booking: Booking | null
  onCancel: () => void
  onConfirm: (reason: string) => void
  isPending: boolean
  error: unknown
}

/** Asks before declining a booking, with an optional reason the buyer reads in My Orders. */
export function DeclineDialog({ booking, onCancel, onConfirm, isPending, error }: DeclineDialogProps) {
  return (
    <Dialog
      open={booking !== null}
      onClose={onCancel}
      title="Decline this booking?"
      closeOnBackdrop={!isPending}
      showCloseButton={false}
    >
      {booking && (
        <DeclineForm booking={booking} onCancel={onCancel} onConfirm={onConfirm} isPending={isPending} error={error} />
      )}
    </Dialog>
  )
}

function DeclineForm({ booking, onCancel, onConfirm, isPending, error }: DeclineDialogProps & { booking: Booking }) {
  const { register, handleSubmit } = useForm<{ reason: string }>({ defaultValues: { reason: '' } })
  return (
    <form onSubmit={handleSubmit(({ reason }) => onConfirm(reason.trim()))} className="flex flex-col gap-4">
      <p className="text-stone-700">
        {booking.buyer_name} will see that you declined <strong>{booking.product}</strong>, with your reason if you give
        one. The product stays listed for others.
      </p>
      <Field label="Reason" hint={`Optional, up to ${maxDeclineReasonLength} characters.`}>
        {(control) => <Textarea maxLength={maxDeclineReasonLength} {...control} {...register('reason')} />}
      </Field>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Keep booking
        </Button>
        <Button type="submit" variant="danger" isLoading={isPending}>
          Decline booking
        </Button>
      </div>
    </form>
  )
}
