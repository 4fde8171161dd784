import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { maxDeclineReasonLength } from '@/lib/api/contract.gen'
import { useI18n } from '@/lib/i18n'
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
  const i18n = useI18n()
  return (
    <Dialog
      open={booking !== null}
      onClose={onCancel}
      title={i18n._({ id: 'sell.decline.title', message: 'Decline this booking?' })}
      closeOnBackdrop={!isPending}
      showCloseButton={false}
    >
      {booking && <DeclineForm booking={booking} onCancel={onCancel} onConfirm={onConfirm} isPending={isPending} error={error} />}
    </Dialog>
  )
}

function DeclineForm({ booking, onCancel, onConfirm, isPending, error }: DeclineDialogProps & { booking: Booking }) {
  const i18n = useI18n()
  const { register, handleSubmit } = useForm<{ reason: string }>({ defaultValues: { reason: '' } })
  return (
    <form onSubmit={handleSubmit(({ reason }) => onConfirm(reason.trim()))} className="flex flex-col gap-4">
      <p className="text-stone-700">
        <Trans
          id="sell.decline.body"
          message="{buyer} will see that you declined <0>{product}</0>, with your reason if you give one. The product stays listed for others."
          values={{ buyer: booking.buyer_name, product: booking.product }}
          components={{ 0: <strong /> }}
        />
      </p>
      <Field
        label={i18n._({ id: 'sell.decline.reason', message: 'Reason' })}
        hint={i18n._({
          id: 'sell.decline.reasonHint',
          message: 'Optional, up to {max} characters.',
          values: { max: maxDeclineReasonLength },
        })}
      >
        {(control) => <Textarea maxLength={maxDeclineReasonLength} {...control} {...register('reason')} />}
      </Field>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {i18n._({ id: 'sell.decline.keep', message: 'Keep booking' })}
        </Button>
        <Button type="submit" variant="danger" isLoading={isPending}>
          {i18n._({ id: 'sell.decline.confirm', message: 'Decline booking' })}
        </Button>
      </div>
    </form>
  )
}
