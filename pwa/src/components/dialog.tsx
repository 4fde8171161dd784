import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'

export interface DialogProps {
  open: boolean
  /** Called when the dialog asks to close (close button, Escape, backdrop); set open to false. */
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** Escape closes the dialog (default true). */
  closeOnEscape?: boolean
  /** A click on the backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean
  /** Shows an × button in the corner (default true). */
  showCloseButton?: boolean
  /** Fills the viewport, e.g. the small-screen menu. */
  fullScreen?: boolean
  /** Classes for the panel, e.g. a height: 'h-[700px]'. */
  className?: string
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert
 * (the focus trap) and puts the dialog in the top layer. The content is mounted
 * only while open, so forms inside start fresh each time.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  closeOnEscape = true,
  closeOnBackdrop = true,
  showCloseButton = true,
  fullScreen = false,
  className,
}: DialogProps) {
  const i18n = useI18n()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: we decide, and the parent's state stays the truth.
        event.preventDefault()
        if (closeOnEscape) onClose()
      }}
      onClose={() => {
        // The browser closed it anyway (e.g. a second Escape): tell the parent.
        if (open) onClose()
      }}
      onClick={(event) => {
        // The panel fills the dialog element, so only the backdrop targets it directly.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose()
      }}
      // text-start: a dialog opened from a stacked table's card (whose values are text-end) reads as any other.
      className={cn(
        'bg-transparent p-0 text-start text-stone-900 backdrop:bg-stone-900/50',
        fullScreen ? 'm-0 h-dvh max-h-none w-screen max-w-none' : 'm-auto w-[calc(100%-2rem)] max-w-lg',
      )}
    >
      {open && (
        <div
          className={cn(
            'flex flex-col bg-canvas',
            fullScreen ? 'h-full' : 'max-h-[calc(100dvh-2rem)] rounded-2xl shadow-xl',
            className,
          )}
        >
          <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {showCloseButton && (
              <button
                type="button"
                onClick={onClose}
                className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-200"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
                <span className="sr-only">{i18n._({ id: 'common.close', message: 'Close' })}</span>
              </button>
            )}
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  )
}
