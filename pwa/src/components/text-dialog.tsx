import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useI18n } from '@/lib/i18n'
import { Button } from './button'
import { Dialog } from './dialog'
import { Field, Textarea } from './field'
import { FormError } from './form-error'

/** The longest answer to a no-show, and the longest reason for taking one back. */
export const maxNoShowText = 500

export interface TextDialogProps {
  open: boolean
  title: string
  /** What the text is for, said above it. */
  children: ReactNode
  label: string
  submitLabel: string
  danger?: boolean
  onCancel: () => void
  onConfirm: (text: string) => void
  isPending: boolean
  error: unknown
}

/** Asks for one required text of up to 500 characters: an answer to a no-show, an admin's reason. */
export function TextDialog({ open, title, ...form }: TextDialogProps) {
  return (
    <Dialog open={open} onClose={form.onCancel} title={title} closeOnBackdrop={!form.isPending} showCloseButton={false}>
      {open && <TextForm {...form} />}
    </Dialog>
  )
}

function TextForm({
  children,
  label,
  submitLabel,
  danger,
  onCancel,
  onConfirm,
  isPending,
  error,
}: Omit<TextDialogProps, 'open' | 'title'>) {
  const i18n = useI18n()
  const { register, handleSubmit, formState } = useForm<{ text: string }>({ defaultValues: { text: '' } })
  return (
    <form onSubmit={handleSubmit(({ text }) => onConfirm(text.trim()))} className="flex flex-col gap-4">
      <div className="text-stone-700">{children}</div>
      <Field
        label={label}
        error={formState.errors.text?.message}
        hint={i18n._({ id: 'common.upToCharacters', message: 'Up to {max} characters.', values: { max: maxNoShowText } })}
      >
        {(control) => (
          <Textarea
            maxLength={maxNoShowText}
            {...control}
            {...register('text', {
              validate: (text) =>
                text.trim() !== '' || i18n._({ id: 'common.textDialog.required', message: 'Write something first' }),
            })}
          />
        )}
      </Field>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {i18n._({ id: 'common.cancel', message: 'Cancel' })}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} isLoading={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
