import { useEffect, useId, useRef, useState, type Ref } from 'react'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { Input } from './field'
import { Spinner } from './spinner'

/** One photo of a list being edited: stored (url), uploading, or refused (error). */
export interface PhotoItem {
  key: string
  status: 'uploading' | 'done' | 'failed'
  /** Where the server stored it, once uploaded. */
  url?: string
  /** The chosen file, for a retry. */
  file?: File
  /** What to show: a thumbnail or the chosen file's blob: URL. */
  preview?: string
  error?: string
  /** A failed upload that may work if tried again (no answer, or a server error); a refusal does not. */
  retryable?: boolean
}

interface PhotosFieldProps {
  photos: PhotoItem[]
  max: number
  onAdd: (files: File[]) => void
  onRemove: (key: string) => void
  onMove: (key: string, by: -1 | 1) => void
  /** Upload a failed photo again; offered only for one that is retryable. */
  onRetry: (key: string) => void
  /** A message about the whole list (none chosen, some failed). */
  error?: string
  /** Files left out last time, over the limit. */
  skipped?: number
  /** For the form library: focus goes to the file input on an error. */
  inputRef?: Ref<HTMLInputElement>
  label?: string
  className?: string
}

/**
 * Several photos at once (phones pick from their gallery): each shows as it
 * uploads, with its own error, and can be moved left or right or removed;
 * the first that uploaded is the cover. A photo that failed shows its error
 * and Remove (Retry too, when trying again can work), and is never the
 * cover.
 */
export function PhotosField({
  photos,
  max,
  onAdd,
  onRemove,
  onMove,
  onRetry,
  error,
  skipped = 0,
  inputRef,
  label,
  className,
}: PhotosFieldProps) {
  const i18n = useI18n()
  const id = useId()
  const listRef = useRef<HTMLOListElement>(null)
  // After a move, the focus stays on the moved photo's button (or its other one at an end).
  const [moved, setMoved] = useState<{ key: string; by: -1 | 1 } | null>(null)
  useEffect(() => {
    if (!moved || !listRef.current) return
    const item = listRef.current.querySelector<HTMLElement>(`[data-photo="${moved.key}"]`)
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.by}"]:not(:disabled)`)
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${-moved.by}"]:not(:disabled)`)
    ;(wanted ?? other)?.focus()
    setMoved(null)
  }, [moved, photos])

  const full = photos.length >= max
  const uploading = photos.filter((photo) => photo.status === 'uploading').length
  const done = photos.filter((photo) => photo.status === 'done').length
  const cover = photos.findIndex((photo) => photo.status !== 'failed')
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <label htmlFor={id} className="font-medium text-stone-800">
        {label ?? i18n._({ id: 'common.photos', message: 'Photos' })}
      </label>
      <Input
        id={id}
        ref={inputRef}
        type="file"
        multiple
        accept="image/*"
        disabled={full}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          // Emptied, so choosing the same file again still counts.
          event.target.value = ''
          if (files.length > 0) onAdd(files)
        }}
      />
      <p id={hintId} className="-mt-1 text-sm text-stone-600">
        {full
          ? i18n._({
              id: 'common.photos.full',
              message: '{max} photos is the most a listing can have. Remove one to add another.',
              values: { max },
            })
          : i18n._({
              id: 'common.photos.hint',
              message: 'Up to {max} photos, JPEG, PNG, GIF or WebP, 10 MB each. The first one is the cover.',
              values: { max },
            })}
      </p>
      {error && (
        <p id={errorId} className="-mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p aria-live="polite" className="-mt-1 text-sm text-stone-700 empty:hidden">
        {uploading > 0 &&
          i18n._({
            id: 'common.photos.uploading',
            message: 'Uploading photos: {done} of {all} done…',
            values: { done, all: done + uploading },
          })}
        {skipped > 0 &&
          ` ${
            skipped === 1
              ? i18n._({ id: 'common.photos.skipped.one', message: '1 photo was left out: {max} at most.', values: { max } })
              : i18n._({
                  id: 'common.photos.skipped.other',
                  message: '{skipped} photos were left out: {max} at most.',
                  values: { skipped, max },
                })
          }`}
      </p>
      {photos.length > 0 && (
        <ol
          ref={listRef}
          aria-label={i18n._({ id: 'common.photos.chosen', message: 'Chosen photos' })}
          className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        >
          {photos.map((photo, index) => {
            const number = index + 1
            const failed = photo.status === 'failed'
            const alt = failed
              ? i18n._({ id: 'common.photos.notUploaded', message: 'Photo {number}, not uploaded', values: { number } })
              : index === cover
                ? i18n._({ id: 'common.photos.coverAlt', message: 'Photo {number}, the cover', values: { number } })
                : i18n._({ id: 'common.photos.alt', message: 'Photo {number}', values: { number } })
            const remove = i18n._({ id: 'common.photos.remove', message: 'Remove photo {number}', values: { number } })
            return (
              <li
                key={photo.key}
                data-photo={photo.key}
                className={cn(
                  'flex flex-col overflow-hidden rounded-xl border bg-white',
                  failed ? 'border-red-300' : 'border-stone-200',
                )}
              >
                <div className={cn('relative', failed ? 'aspect-[2/1] bg-red-50' : 'aspect-square bg-stone-100')}>
                  {failed ? (
                    // No preview: what failed may not be a picture at all.
                    <span role="img" aria-label={alt} className="flex size-full items-center justify-center text-red-700">
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 20 20"
                        className="size-7"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.75"
                      >
                        <path
                          strokeLinecap="round"
                          strokeLinejoin="round"
                          d="M10 6.5v4.5m0 2.75h.01M8.6 3.2 2.3 14.5A1.6 1.6 0 0 0 3.7 16.9h12.6a1.6 1.6 0 0 0 1.4-2.4L11.4 3.2a1.6 1.6 0 0 0-2.8 0Z"
                        />
                      </svg>
                    </span>
                  ) : photo.preview ? (
                    <img src={photo.preview} alt={alt} className="size-full object-cover" />
                  ) : (
                    <span role="img" aria-label={alt} className="block size-full" />
                  )}
                  {index === cover && (
                    <span className="absolute top-2 start-2 rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white shadow">
                      {i18n._({ id: 'common.photos.cover', message: 'Cover' })}
                    </span>
                  )}
                  {photo.status === 'uploading' && (
                    <span className="absolute inset-0 flex items-center justify-center bg-white/60">
                      <Spinner
                        label={i18n._({
                          id: 'common.photos.uploadingOne',
                          message: 'Uploading photo {number}…',
                          values: { number },
                        })}
                      />
                    </span>
                  )}
                </div>
                {failed ? (
                  <div className="flex flex-1 flex-col gap-2 p-2">
                    <p role="alert" className="text-sm font-medium break-words text-red-700">
                      {photo.error}
                    </p>
                    <div className="mt-auto flex flex-wrap gap-2">
                      {photo.file && photo.retryable && (
                        <button
                          type="button"
                          onClick={() => onRetry(photo.key)}
                          aria-label={i18n._({ id: 'common.photos.retry', message: 'Retry photo {number}', values: { number } })}
                          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-teal-800 underline hover:bg-teal-50"
                        >
                          {i18n._({ id: 'common.retry', message: 'Retry' })}
                        </button>
                      )}
                      <button
                        type="button"
                        onClick={() => onRemove(photo.key)}
                        aria-label={remove}
                        className="inline-flex min-h-11 items-center rounded-lg border border-red-200 px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                      >
                        {i18n._({ id: 'common.remove', message: 'Remove' })}
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="mt-auto flex items-center justify-between gap-1 p-1">
                    <IconButton
                      label={i18n._({ id: 'common.photos.moveLeft', message: 'Move photo {number} left', values: { number } })}
                      data-move="-1"
                      disabled={index === 0}
                      onClick={() => {
                        onMove(photo.key, -1)
                        setMoved({ key: photo.key, by: -1 })
                      }}
                      path="M12.5 4.5 7 10l5.5 5.5"
                    />
                    <IconButton
                      label={remove}
                      onClick={() => onRemove(photo.key)}
                      path="M5.5 5.5l9 9M14.5 5.5l-9 9"
                      tone="danger"
                    />
                    <IconButton
                      label={i18n._({ id: 'common.photos.moveRight', message: 'Move photo {number} right', values: { number } })}
                      data-move="1"
                      disabled={index === photos.length - 1}
                      onClick={() => {
                        onMove(photo.key, 1)
                        setMoved({ key: photo.key, by: 1 })
                      }}
                      path="M7.5 4.5 13 10l-5.5 5.5"
                    />
                  </div>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}

interface IconButtonProps {
  label: string
  path: string
  onClick: () => void
  disabled?: boolean
  tone?: 'danger'
  'data-move'?: string
}

function IconButton({ label, path, onClick, disabled, tone, ...data }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      {...data}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-lg disabled:opacity-30',
        tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-stone-700 hover:bg-stone-100',
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinecap="round" strokeLinejoin="round" d={path} />
      </svg>
    </button>
  )
}
