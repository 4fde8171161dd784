import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { Dialog } from './dialog'

interface GalleryProps {
  /** The photos, the cover first. */
  images: string[]
  /** Their thumbnails, in the same order (the photo itself where one is missing). */
  thumbs: string[]
  /** What the photos show, e.g. the product's name: their alternative text. */
  name: string
}

/**
 * Several photos: swiped (CSS scroll snap), or stepped with the arrow keys;
 * on phones small dots say which photo shows and choose one, on larger
 * screens Previous, Next and a row of thumbnails do. A click or a key press
 * on the photo opens it full screen. One photo shows alone, without the
 * controls.
 */
export function Gallery({ images, thumbs, name }: GalleryProps) {
  const i18n = useI18n()
  const [current, setCurrent] = useState(0)
  const [fullScreen, setFullScreen] = useState(false)
  const track = useRef<HTMLDivElement>(null)
  const count = images.length
  const many = count > 1
  const alt = (index: number) =>
    many
      ? i18n._({
          id: 'common.gallery.photoAlt',
          message: '{name}, photo {number} of {count}',
          values: { name, number: index + 1, count },
        })
      : name
  const photoOf = (index: number) =>
    i18n._({ id: 'common.gallery.photoOf', message: 'Photo {number} of {count}', values: { number: index + 1, count } })

  // A shorter list (after an edit) must not leave the index past its end.
  const shown = Math.min(current, Math.max(0, count - 1))

  // While the track glides to a photo chosen with a button, the photos it
  // passes are not "current": the counter would run back and forth.
  const gliding = useRef<number | null>(null)

  const show = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index))
    setCurrent(next)
    const element = track.current
    if (element && typeof element.scrollTo === 'function') {
      gliding.current = next
      element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' })
    }
  }

  const onScroll = () => {
    const element = track.current
    if (!element || element.clientWidth === 0) return
    const seen = Math.round(element.scrollLeft / element.clientWidth)
    if (gliding.current !== null) {
      if (seen !== gliding.current) return
      gliding.current = null
    }
    setCurrent(seen)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') show(shown - 1)
    else if (event.key === 'ArrowRight') show(shown + 1)
    else return
    event.preventDefault()
  }

  const close = () => setFullScreen(false)

  // Once the full-screen view closes, the track shows the photo seen last
  // there, and the focus goes back to that photo.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !fullScreen) {
      const element = track.current
      if (element && typeof element.scrollTo === 'function') element.scrollTo({ left: current * element.clientWidth })
      ;(element?.children[current] as HTMLElement | undefined)?.focus({ preventScroll: true })
    }
    wasOpen.current = fullScreen
  }, [fullScreen, current])

  if (count === 0) return null

  return (
    <section
      aria-label={i18n._({ id: 'common.gallery.label', message: 'Photos' })}
      aria-roledescription={i18n._({ id: 'common.gallery.role', message: 'gallery' })}
      onKeyDown={many ? onKeyDown : undefined}
      className="flex min-w-0 flex-col gap-3"
    >
      <div
        ref={track}
        onScroll={onScroll}
        // A swipe takes over from a glide.
        onPointerDown={() => (gliding.current = null)}
        onTouchStart={() => (gliding.current = null)}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-stone-100 [scrollbar-width:none]"
      >
        {images.map((src, index) => (
          <button
            key={`${index}-${src}`}
            type="button"
            aria-label={i18n._({
              id: 'common.gallery.openFullScreen',
              message: '{photo}: open full screen',
              values: { photo: alt(index) },
            })}
            aria-hidden={index !== shown || undefined}
            tabIndex={index === shown ? 0 : -1}
            onClick={() => {
              setCurrent(index)
              setFullScreen(true)
            }}
            className="w-full shrink-0 snap-center snap-always cursor-zoom-in"
          >
            <img
              src={src}
              alt={alt(index)}
              width={1200}
              height={900}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding="async"
              className="aspect-[4/3] w-full object-contain"
            />
          </button>
        ))}
      </div>
      {many && (
        <>
          <div className="flex items-center justify-between gap-3 max-md:-mt-2 max-md:justify-center">
            <StepButton direction="previous" disabled={shown === 0} onClick={() => show(shown - 1)} className="max-md:hidden" />
            <p aria-live="polite" className="text-sm font-medium text-stone-700 max-md:sr-only">
              {photoOf(shown)}
            </p>
            <ul
              aria-label={i18n._({ id: 'common.gallery.choose', message: 'Choose a photo' })}
              className="flex flex-wrap justify-center md:hidden"
            >
              {images.map((src, index) => (
                <li key={`${index}-${src}`}>
                  <button
                    type="button"
                    aria-label={photoOf(index)}
                    aria-current={index === shown || undefined}
                    onClick={() => show(index)}
                    className="group inline-flex size-6 items-center justify-center rounded-full"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'block rounded-full transition-all',
                        index === shown ? 'size-2.5 bg-teal-700' : 'size-2 bg-stone-400 group-hover:bg-stone-600',
                      )}
                    />
                  </button>
                </li>
              ))}
            </ul>
            <StepButton
              direction="next"
              disabled={shown === count - 1}
              onClick={() => show(shown + 1)}
              className="max-md:hidden"
            />
          </div>
          <ul
            aria-label={i18n._({ id: 'common.gallery.thumbnails', message: 'Thumbnails' })}
            className="flex gap-2 overflow-x-auto pb-1 max-md:hidden"
          >
            {images.map((src, index) => (
              <li key={`${index}-${src}`} className="shrink-0">
                <button
                  type="button"
                  aria-label={i18n._({
                    id: 'common.gallery.show',
                    message: 'Show photo {number}',
                    values: { number: index + 1 },
                  })}
                  aria-current={index === shown || undefined}
                  onClick={() => show(index)}
                  className={cn(
                    'block overflow-hidden rounded-lg ring-2 ring-offset-1',
                    index === shown ? 'ring-teal-700' : 'ring-transparent hover:ring-stone-300',
                  )}
                >
                  <img
                    src={thumbs[index] || src}
                    alt=""
                    width={64}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-16 bg-stone-100 object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        open={fullScreen}
        onClose={close}
        title={
          many
            ? i18n._({
                id: 'common.gallery.title',
                message: '{name}: photo {number} of {count}',
                values: { name, number: shown + 1, count },
              })
            : name
        }
        fullScreen
      >
        <div onKeyDown={many ? onKeyDown : undefined} className="flex h-full flex-col gap-3">
          <img src={images[shown]} alt={alt(shown)} className="min-h-0 w-full flex-1 object-contain" />
          {many && (
            <div className="flex items-center justify-between gap-3">
              <StepButton direction="previous" disabled={shown === 0} onClick={() => setCurrent(shown - 1)} />
              <p className="text-sm font-medium text-stone-700">{photoOf(shown)}</p>
              <StepButton direction="next" disabled={shown === count - 1} onClick={() => setCurrent(shown + 1)} />
            </div>
          )}
        </div>
      </Dialog>
    </section>
  )
}

function StepButton({
  direction,
  disabled,
  onClick,
  className,
}: {
  direction: 'previous' | 'next'
  disabled: boolean
  onClick: () => void
  className?: string
}) {
  const i18n = useI18n()
  const label =
    direction === 'previous'
      ? i18n._({ id: 'common.previous', message: 'Previous' })
      : i18n._({ id: 'common.next', message: 'Next' })
  const path = direction === 'previous' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-11 items-center gap-1 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40',
        className,
      )}
    >
      {direction === 'previous' && (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path strokeLinecap="round" strokeLinejoin="round" d={path} />
        </svg>
      )}
      {label}
      {direction === 'next' && (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path strokeLinecap="round" strokeLinejoin="round" d={path} />
        </svg>
      )}
    </button>
  )
}
