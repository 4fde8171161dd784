import { useEffect, useRef } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { cn } from '@/lib/cn'
import { useObjectUrl } from '@/lib/use-object-url'
import { Field, Input } from './field'

/** The picture types the server takes (POST /api/images). */
export const imageTypes = 'image/jpeg,image/png,image/gif,image/webp'

interface ImageFieldProps {
  /** The form's register('image', ...). */
  registration: UseFormRegisterReturn
  /** The chosen picture, shown as a preview; back to undefined empties the input. */
  file: File | undefined
  onChoose: (file: File | undefined) => void
  error?: string
  label?: string
  className?: string
}

/**
 * A labelled file input for a picture, with a preview of the chosen one:
 *
 *   <ImageField registration={register('image', required)} file={file} onChoose={setFile}
 *     error={errors.image?.message} />
 */
export function ImageField({ registration, file, onChoose, error, label = 'Image', className }: ImageFieldProps) {
  const preview = useObjectUrl(file)
  const input = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    // Not every browser empties a file input on form reset.
    if (!file && input.current) input.current.value = ''
  }, [file])

  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-start', className)}>
      <Field label={label} error={error} hint="JPEG, PNG, GIF or WebP, up to 10 MB." className="flex-1">
        {(control) => (
          <Input
            type="file"
            accept={imageTypes}
            {...control}
            {...registration}
            ref={(element) => {
              registration.ref(element)
              input.current = element
            }}
            onChange={(event) => {
              void registration.onChange(event)
              onChoose(event.target.files?.[0])
            }}
          />
        )}
      </Field>
      {preview && (
        <img
          src={preview}
          alt="Preview of the chosen picture"
          width={128}
          height={128}
          className="size-32 shrink-0 rounded-lg border border-stone-200 bg-stone-100 object-cover"
        />
      )}
    </div>
  )
}
