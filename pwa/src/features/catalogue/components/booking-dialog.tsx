import { Trans } from '@lingui/react'
import { useEffect, useId, useState } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Input } from '@/components/field'
import { Thumbnail } from '@/components/thumbnail'
import { ApiError, errorMessage } from '@/lib/api'
import { useFormatPrice } from '@/lib/currency'
import { fieldLabel } from '@/lib/form'
import { useI18n } from '@/lib/i18n'
import { applyServerFieldErrors } from '@/lib/server-field-errors'
import type { Product, User } from '@/lib/types'

export interface BookingFormValues {
  location: string
  buyer_phone: string
}

/** The server's rule: 6 to 20 digits, with spaces, +, - and parentheses allowed. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length
  return /^[\d\s+\-()]+$/.test(value) && digits >= 6 && digits <= 20
}

interface BookingDialogProps {
  open: boolean
  product: Product
  buyer: User
  onClose: () => void
  onSubmit: (values: BookingFormValues) => void
  isPending: boolean
  /** The failed request: its field errors go under the fields, the rest above Confirm. */
  error: unknown
}

/**
 * The Book Now modal: 700 px high (less on a short screen), closed only by its
 * close button, so a stray click or Escape never throws away what was typed.
 */
export function BookingDialog({ open, product, buyer, onClose, onSubmit, isPending, error }: BookingDialogProps) {
  const i18n = useI18n()
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // One line on a phone, so the fields keep the room the keyboard leaves.
      title={
        <span className="line-clamp-1 sm:line-clamp-2" title={product.product}>
          {i18n._({ id: 'booking.title', message: 'Book {product}', values: { product: product.product } })}
        </span>
      }
      closeOnEscape={false}
      closeOnBackdrop={false}
      className="h-[700px]"
    >
      <BookingForm product={product} buyer={buyer} onSubmit={onSubmit} isPending={isPending} error={error} />
    </Dialog>
  )
}

/** A focused field scrolls clear of the sticky Confirm bar (and the alert above it). */
const clearOfConfirm = 'scroll-mb-44'

/** The fields typed in, in order; the summary above Confirm names them by their labels. */
const typedFields = ['location', 'buyer_phone'] as const

/** The typed fields' labels, in the app's language. */
function useFieldLabels(): Record<keyof BookingFormValues, string> {
  const i18n = useI18n()
  return {
    location: i18n._({ id: 'booking.location', message: 'Location' }),
    buyer_phone: i18n._({ id: 'booking.phone', message: 'Phone' }),
  }
}

type BookingFormProps = Pick<BookingDialogProps, 'product' | 'buyer' | 'onSubmit' | 'isPending' | 'error'>

function BookingForm({ product, buyer, onSubmit, isPending, error }: BookingFormProps) {
  const i18n = useI18n()
  const labels = useFieldLabels()
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  const formatPrice = useFormatPrice()
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<BookingFormValues>({ defaultValues: { location: '', buyer_phone: '' } })

  // The server's field errors go under their fields; what is left of its answer above Confirm.
  const [serverError, setServerError] = useState<unknown>(null)
  useEffect(() => {
    setServerError(applyServerFieldErrors(error, setError, typedFields))
  }, [error, setError])

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex min-h-full flex-col gap-4">
      <Field
        label={labels.location}
        hint={i18n._({ id: 'booking.location.hint', message: 'Where you would like to meet the seller' })}
        error={errors.location?.message}
      >
        {(control) => (
          <Input
            autoComplete="off"
            enterKeyHint="next"
            className={clearOfConfirm}
            {...control}
            {...register('location', required)}
          />
        )}
      </Field>
      <Field
        label={labels.buyer_phone}
        hint={i18n._({ id: 'booking.phone.hint', message: 'Digits, spaces, +, - and parentheses' })}
        error={errors.buyer_phone?.message}
      >
        {(control) => (
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            enterKeyHint="done"
            className={clearOfConfirm}
            {...control}
            {...register('buyer_phone', {
              ...required,
              validate: (value) =>
                isPhoneNumber(value.trim()) ||
                i18n._({
                  id: 'booking.phone.invalid',
                  message: 'Enter 6 to 20 digits; spaces, +, - and parentheses are allowed',
                }),
            })}
          />
        )}
      </Field>
      {/* What is booked, in one line: the seller's listing is not for editing here. */}
      <div
        role="group"
        aria-label={i18n._({ id: 'booking.summary', message: 'What you book' })}
        className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-2"
      >
        <Thumbnail src={product.thumb_url || product.image} alt={product.product} size={56} />
        <p className="line-clamp-2 min-w-0 flex-1 font-medium text-stone-900" title={product.product}>
          {product.product}
        </p>
        <p className="shrink-0 pe-1 text-lg font-bold whitespace-nowrap text-teal-800">
          <span className="sr-only">{i18n._({ id: 'product.priceLabel', message: 'Price:' })} </span>
          {formatPrice(product.resale_price)}
        </p>
      </div>
      <p className="text-sm text-stone-600">
        <Trans
          id="booking.bookingAs"
          message="Booking as <0>{name}</0> <1>({email})</1>. The seller sees your name, email and phone, so you can arrange to meet and hand over the payment."
          values={{ name: buyer.name, email: buyer.email }}
          components={{ 0: <span className="font-medium text-stone-800" />, 1: <span className="break-all" /> }}
        />
      </p>
      {/* Stays in view at the bottom of the scrolling dialog, with what stops the booking just above it. */}
      <div className="sticky -bottom-4 -mx-5 -mb-4 mt-auto rounded-b-2xl border-t border-stone-200 bg-canvas px-5 pt-3 pb-4">
        <BookingProblems errors={errors} serverError={serverError} onPick={(name) => setFocus(name)} />
        <Button type="submit" isLoading={isPending} className="w-full">
          {i18n._({ id: 'booking.confirm', message: 'Confirm booking' })}
        </Button>
      </div>
    </form>
  )
}

interface BookingProblemsProps {
  errors: FieldErrors<BookingFormValues>
  serverError: unknown
  onPick: (name: keyof BookingFormValues) => void
}

/**
 * Why the booking did not go through, just above Confirm, read out as it
 * appears: each field's problem (a tap there goes to the field) and the
 * server's message with the field errors no input took.
 */
function BookingProblems({ errors, serverError, onPick }: BookingProblemsProps) {
  const id = useId()
  const labels = useFieldLabels()
  const fieldProblems = typedFields.flatMap((name) => {
    const message = errors[name]?.message
    return message ? [{ name, label: labels[name], message }] : []
  })
  const otherFields = serverError instanceof ApiError ? Object.entries(serverError.fields) : []
  if (fieldProblems.length === 0 && !serverError) return null
  return (
    <div
      id={id}
      role="alert"
      className="mb-3 max-h-32 overflow-y-auto rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {serverError ? <p className="font-medium">{errorMessage(serverError)}</p> : null}
      {(fieldProblems.length > 0 || otherFields.length > 0) && (
        <ul className="flex flex-col gap-0.5">
          {fieldProblems.map((problem) => (
            <li key={problem.name}>
              <button type="button" onClick={() => onPick(problem.name)} className="font-semibold underline underline-offset-2">
                {problem.label}
              </button>
              : {problem.message}
            </li>
          ))}
          {otherFields.map(([field, message]) => (
            <li key={field}>
              {fieldLabel(field)}: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
