import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { Thumbnail } from '@/components/thumbnail'
import { formatPrice } from '@/lib/format'
import { required } from '@/lib/form'
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
  /** The failed request, shown under the form. */
  error: unknown
}

/**
 * The Book Now modal: 700 px high (less on a short screen), closed only by its
 * close button, so a stray click or Escape never throws away what was typed.
 */
export function BookingDialog({ open, product, buyer, onClose, onSubmit, isPending, error }: BookingDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Book ${product.product}`}
      closeOnEscape={false}
      closeOnBackdrop={false}
      className="h-[700px]"
    >
      <BookingForm product={product} buyer={buyer} onSubmit={onSubmit} isPending={isPending} error={error} />
    </Dialog>
  )
}

/** Product and email are long; category and price fit side by side at any width. */
const prefilledSpan: Record<string, string> = {
  Product: 'col-span-2',
  'Buyer name': 'col-span-2 sm:col-span-1',
  'Buyer email': 'col-span-2 sm:col-span-1',
}

type BookingFormProps = Pick<BookingDialogProps, 'product' | 'buyer' | 'onSubmit' | 'isPending' | 'error'>

function BookingForm({ product, buyer, onSubmit, isPending, error }: BookingFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BookingFormValues>({ defaultValues: { location: '', buyer_phone: '' } })

  // Prefilled from the product and the account; the server takes them from there too.
  const prefilled = [
    { label: 'Product', value: product.product },
    { label: 'Category', value: product.category },
    { label: 'Price', value: formatPrice(product.resale_price) },
    { label: 'Buyer name', value: buyer.name },
    { label: 'Buyer email', value: buyer.email },
  ]

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Thumbnail src={product.thumb_url || product.image} alt={product.product} size={80} />
        <p className="text-sm text-stone-600">
          The seller sees your name, email and phone, so you can arrange to meet and hand over the payment.
        </p>
      </div>
      {/* Two columns even on a phone for the short values, so the fields to type in stay near the top. */}
      <div className="grid grid-cols-2 gap-x-3 gap-y-3 sm:gap-x-4">
        {prefilled.map((field) => (
          <Field key={field.label} label={field.label} className={prefilledSpan[field.label]}>
            {(control) => <Input {...control} value={field.value} readOnly className="min-h-10 py-1.5" />}
          </Field>
        ))}
      </div>
      <Field label="Location" hint="Where you would like to meet the seller" error={errors.location?.message}>
        {(control) => <Input autoComplete="off" {...control} {...register('location', required)} />}
      </Field>
      <Field label="Phone" hint="Digits, spaces, +, - and parentheses" error={errors.buyer_phone?.message}>
        {(control) => (
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...control}
            {...register('buyer_phone', {
              ...required,
              validate: (value) =>
                isPhoneNumber(value.trim()) || 'Enter 6 to 20 digits; spaces, +, - and parentheses are allowed',
            })}
          />
        )}
      </Field>
      <FormError error={error} />
      {/* Stays in view at the bottom of the scrolling form. */}
      <div className="sticky -bottom-4 -mx-5 -mb-4 rounded-b-2xl border-t border-stone-200 bg-canvas px-5 py-3">
        <Button type="submit" isLoading={isPending} className="w-full">
          Confirm booking
        </Button>
      </div>
    </form>
  )
}
