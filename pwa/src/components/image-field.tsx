import { useEffect, useRef } from 'react'
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { cn } from '@/lib/cn'
import { required } from '@/lib/form'
import { useI18n } from '@/lib/i18n'
import { useObjectUrl } from '@/lib/use-object-url'
import { Field, Input } from './field'

/** The picture types the server takes (POST /api/images). */
export const imageTypes = 'image/jpeg,image/png,image/gif,image/webp'

interface ImageFieldProps<T extends FieldValues> {
  control: Control<T>
  /** A required form value holding the chosen File. */
  name: FieldPathByValue<T, File>
  /** Called with each choice, e.g. to start uploading it. */
  onChoose?: (file: File | undefined) => void
  /** A message besides the form's own, e.g. a failed upload. */
  error?: string
  label?: string
  className?: string
}

/**
 * A labelled, required file input for a picture, with a preview of the chosen
 * one; its form value is the File. Resetting the form empties it.
 *
 *   <ImageField control={control} name="image" />
 */
export function ImageField<T extends FieldValues>({ control, name, onChoose, error, label, className }: ImageFieldProps<T>) {
  const i18n = useI18n()
  const { field, fieldState } = useController({ control, name, rules: required })
  const file = field.value as File | undefined
  const preview = useObjectUrl(file)
  const input = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    // Not every browser empties a file input on form reset.
    if (!file && input.current) input.current.value = ''
  }, [file])

  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-start', className)}>
      <Field
        label={label ?? i18n._({ id: 'common.image', message: 'Image' })}
        error={fieldState.error?.message ?? error}
        hint={i18n._({ id: 'common.image.hint', message: 'JPEG, PNG, GIF or WebP, up to 10 MB.' })}
        className="flex-1"
      >
        {(control) => (
          <Input
            type="file"
            accept={imageTypes}
            {...control}
            name={field.name}
            disabled={field.disabled}
            onBlur={field.onBlur}
            ref={(element) => {
              field.ref(element)
              input.current = element
            }}
            onChange={(event) => {
              const chosen = event.target.files?.[0]
              field.onChange(chosen)
              onChoose?.(chosen)
            }}
          />
        )}
      </Field>
      {preview && (
        <img
          src={preview}
          alt={i18n._({ id: 'common.image.preview', message: 'Preview of the chosen picture' })}
          width={128}
          height={128}
          className="size-32 shrink-0 rounded-lg border border-stone-200 bg-stone-100 object-cover"
        />
      )}
    </div>
  )
}
