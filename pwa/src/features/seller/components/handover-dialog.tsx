import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { useOnline } from '@/lib/connectivity'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import type { Booking } from '@/lib/types'
import { handoverDigits } from '../api/hand-over'

interface HandoverDialogProps {
  /** The booking handed over, or null when closed. */
  booking: Booking | null
  onCancel: () => void
  /** The code's six digits, spaces taken out. */
  onSubmit: (code: string) => void
  isPending: boolean
  /** The failed request: a wrong code goes under the field, the rest (locked, already handed over) above the buttons. */
  error: unknown
}

export const codeHint = 'Ask the buyer for the 6 digits under Show handover code in their My Orders.'

/**
 * The seller's side of the pickup: the buyer's code, typed in. Works offline
 * (the screen queues it), so it is never disabled for want of a connection.
 */
export function HandoverDialog({ booking, onCancel, onSubmit, isPending, error }: HandoverDialogProps) {
  return (
    <Dialog
      open={booking !== null}
      onClose={onCancel}
      title={<span className="line-clamp-2">{booking ? `Hand over ${booking.product}` : 'Hand over'}</span>}
      closeOnBackdrop={!isPending}
      showCloseButton={false}
    >
      {booking && (
        <HandoverForm booking={booking} onCancel={onCancel} onSubmit={onSubmit} isPending={isPending} error={error} />
      )}
    </Dialog>
  )
}

function HandoverForm({ booking, onCancel, onSubmit, isPending, error }: HandoverDialogProps & { booking: Booking }) {
  const online = useOnline()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } })
  const [otherError, setOtherError] = useState<unknown>(null)
  // A wrong code goes under the field; what is left of the answer (locked, already handed over) above the buttons.
  useEffect(
    () => setOtherError(unplacedError(error, applyServerFieldErrors(error, setError, ['code']))),
    [error, setError],
  )

  return (
    <form
      onSubmit={handleSubmit(({ code }) => onSubmit(handoverDigits(code)))}
      noValidate
      className="flex flex-col gap-4"
    >
      <p className="text-stone-700">
        When you meet {booking.buyer_name}, type the code their phone shows. <strong>{booking.product}</strong> is then
        sold{booking.status === 'Booked' ? ' and the booking paid' : ''}; its other bookings are cancelled.
      </p>
      <Field label="Buyer’s handover code" hint={codeHint} error={errors.code?.message}>
        {(control) => (
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            enterKeyHint="done"
            maxLength={12}
            placeholder="123 456"
            className="max-w-56 text-2xl font-semibold tracking-[0.2em] tabular-nums"
            {...control}
            {...register('code', {
              validate: (value) =>
                /^\d{6}$/.test(handoverDigits(value)) || 'Enter the 6-digit code the buyer shows you',
            })}
          />
        )}
      </Field>
      {!online && (
        <p className="text-sm text-stone-700">
          You are offline: the code is sent as soon as you are back online, and the booking shows “Handed over —
          confirming” until then.
        </p>
      )}
      <FormError error={otherError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending}>
          Hand over
        </Button>
      </div>
    </form>
  )
}
