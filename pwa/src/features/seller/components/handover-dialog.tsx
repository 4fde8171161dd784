import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { useOnline } from '@/lib/connectivity'
import { surelyNotTheCode } from '@/lib/handover-check'
import { i18n as appI18n, useI18n } from '@/lib/i18n'
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

/** Where the buyer finds their code, in the language shown now. */
export function codeHint(): string {
  const i18n = appI18n
  return i18n._({
    id: 'sell.handover.codeHint',
    message: 'Ask the buyer for the 6 digits under Show handover code in their My Orders.',
  })
}

/**
 * The seller's side of the pickup: the buyer's code, typed in. Works offline
 * (the screen queues it), so it is never disabled for want of a connection.
 */
export function HandoverDialog({ booking, onCancel, onSubmit, isPending, error }: HandoverDialogProps) {
  const i18n = useI18n()
  return (
    <Dialog
      open={booking !== null}
      onClose={onCancel}
      title={
        <span className="line-clamp-2" title={booking?.product}>
          {booking
            ? i18n._({ id: 'sell.handover.titleProduct', message: 'Hand over {product}', values: { product: booking.product } })
            : i18n._({ id: 'sell.handover.submit', message: 'Hand over' })}
        </span>
      }
      closeOnBackdrop={!isPending}
      showCloseButton={false}
    >
      {booking && <HandoverForm booking={booking} onCancel={onCancel} onSubmit={onSubmit} isPending={isPending} error={error} />}
    </Dialog>
  )
}

function HandoverForm({ booking, onCancel, onSubmit, isPending, error }: HandoverDialogProps & { booking: Booking }) {
  const i18n = useI18n()
  const online = useOnline()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } })
  const [otherError, setOtherError] = useState<unknown>(null)
  // A wrong code goes under the field; what is left of the answer (locked, already handed over) above the buttons.
  useEffect(() => setOtherError(unplacedError(error, applyServerFieldErrors(error, setError, ['code']))), [error, setError])

  return (
    <form onSubmit={handleSubmit(({ code }) => onSubmit(handoverDigits(code)))} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">
        {booking.status === 'Booked' ? (
          <Trans
            id="sell.handover.bodyPaid"
            message="When you meet {buyer}, type the code their phone shows. <0>{product}</0> is then sold and the booking paid; its other bookings are cancelled."
            values={{ buyer: booking.buyer_name, product: booking.product }}
            components={{ 0: <strong /> }}
          />
        ) : (
          <Trans
            id="sell.handover.body"
            message="When you meet {buyer}, type the code their phone shows. <0>{product}</0> is then sold; its other bookings are cancelled."
            values={{ buyer: booking.buyer_name, product: booking.product }}
            components={{ 0: <strong /> }}
          />
        )}
      </p>
      <Field
        label={i18n._({ id: 'sell.handover.code', message: 'Buyer’s handover code' })}
        hint={codeHint()}
        error={errors.code?.message}
      >
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
              validate: async (value) => {
                const code = handoverDigits(value)
                if (!/^\d{6}$/.test(code)) {
                  return i18n._({ id: 'sell.handover.codeInvalid', message: 'Enter the 6-digit code the buyer shows you' })
                }
                // Told here, offline too, rather than when the outbox sends it; and no wrong code counts on the server.
                if (await surelyNotTheCode(booking, code)) {
                  return i18n._({
                    id: 'sell.handover.codeWrong',
                    message: 'That code is not right: ask the buyer to show it again',
                  })
                }
                return true
              },
            })}
          />
        )}
      </Field>
      {!online && (
        <p className="text-sm text-stone-700">
          {i18n._({
            id: 'sell.handover.offline',
            message:
              'You are offline: the code is sent as soon as you are back online, and the booking shows “Handed over — confirming” until then.',
          })}
        </p>
      )}
      <FormError error={otherError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {i18n._({ id: 'sell.handover.cancel', message: 'Cancel' })}
        </Button>
        <Button type="submit" isLoading={isPending}>
          {i18n._({ id: 'sell.handover.submit', message: 'Hand over' })}
        </Button>
      </div>
    </form>
  )
}
