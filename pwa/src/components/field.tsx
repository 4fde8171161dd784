import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** Props a Field hands to its control, so label, hint and error are wired up. */
export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

interface FieldProps {
  label: ReactNode
  /** The validation message shown under the control, in red. */
  error?: string
  hint?: ReactNode
  className?: string
  children: (control: ControlProps) => ReactNode
}

/**
 * Label + control + hint + error text. The control receives id, aria-describedby
 * and aria-invalid:
 *
 *   <Field label="Email address" error={errors.email?.message}>
 *     {(control) => <Input type="email" {...control} {...register('email', required)} />}
 *   </Field>
 */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-stone-800">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export const controlClasses = cn(
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm',
  'placeholder:text-stone-400 aria-invalid:border-red-600 disabled:bg-stone-100',
)

// Chromium counts every <select> as :read-only, so only text controls get the look.
const readOnlyClasses = 'read-only:bg-stone-100 read-only:text-stone-700'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        controlClasses,
        // Chromium counts file inputs as :read-only too; they are not.
        props.type !== 'file' && readOnlyClasses,
        props.type === 'file' &&
          'py-1.5 file:me-3 file:rounded-md file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:font-semibold file:text-teal-800',
        className,
      )}
      {...props}
    />
  )
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClasses, 'pe-8', className)} {...props} />
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClasses, readOnlyClasses, 'min-h-28', className)} {...props} />
}

/** A checkbox with its label beside it. */
export function Checkbox({ label, className, ...props }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={cn('inline-flex min-h-11 cursor-pointer items-center gap-2 text-stone-800', className)}>
      <input type="checkbox" className="size-5 rounded border-stone-400 accent-teal-700" {...props} />
      {label}
    </label>
  )
}
