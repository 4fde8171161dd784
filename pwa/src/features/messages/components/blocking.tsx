import { useEffect, useId, useRef, useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { FormError } from '@/components/form-error'
import { errorMessage } from '@/lib/api'
import { blockingExplained, useBlockPerson, useUnblockPerson } from '@/lib/blocks'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'

interface Person {
  id: number
  name: string
}

const itemClasses =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-start font-medium text-red-800 hover:bg-red-50 disabled:opacity-60'

/**
 * The thread's "More" button, opening its actions (the disclosure pattern:
 * aria-expanded, Escape or a click elsewhere closes it, the focus goes back
 * to the button).
 */
export function ThreadActions({ person, onBlock }: { person: Person; onBlock: () => void }) {
  const i18n = useI18n()
  const [open, setOpen] = useState(false)
  const online = useOnline()
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  return (
    <div
      ref={root}
      className="relative shrink-0"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        event.stopPropagation()
        setOpen(false)
        button.current?.focus()
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
        <span className="sr-only">{i18n._({ id: 'messages.moreActions', message: 'More actions' })}</span>
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute end-0 z-40 mt-1 flex w-60 max-w-[calc(100vw-2rem)] flex-col rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
      >
        <li>
          <button
            type="button"
            className={itemClasses}
            disabled={!online}
            onClick={() => {
              setOpen(false)
              onBlock()
            }}
          >
            <span className="truncate" title={person.name}>
              {i18n._({ id: 'messages.block.action', message: 'Block {name}', values: { name: person.name } })}
            </span>
          </button>
        </li>
      </ul>
    </div>
  )
}

/** Asks before blocking, saying what it does: with an open booking between them, that it is cancelled. */
export function BlockDialog({
  person,
  openBooking,
  open,
  onClose,
  onBlocked,
}: {
  person: Person
  /** The product of the open booking between the two, if there is one. */
  openBooking?: string
  open: boolean
  onClose: () => void
  onBlocked: () => void
}) {
  const i18n = useI18n()
  const block = useBlockPerson()
  const close = () => {
    block.reset()
    onClose()
  }
  const confirm = () => block.mutate(person.id, { onSuccess: onBlocked })
  return (
    <Dialog
      open={open}
      onClose={close}
      title={i18n._({ id: 'messages.block.title', message: 'Block {name}?', values: { name: person.name } })}
      showCloseButton={false}
      closeOnBackdrop={!block.isPending}
    >
      <p className="text-stone-700">{blockingExplained()}</p>
      {openBooking !== undefined && (
        <p className="mt-3 font-medium text-red-800">
          {i18n._({
            id: 'messages.block.cancelsBooking',
            message:
              'The booking of {product} between you will be cancelled. You will both be told it was cancelled, not who blocked whom.',
            values: { product: openBooking },
          })}
        </p>
      )}
      <p className="mt-3 text-stone-700">
        {i18n._({ id: 'messages.block.later', message: 'You can unblock them later here or on your Profile.' })}
      </p>
      {block.error && (
        <div className="mt-4">
          <FormError error={block.error} />
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={block.isPending}>
          {i18n._({ id: 'messages.block.cancel', message: 'Cancel' })}
        </Button>
        <Button variant="danger" onClick={confirm} isLoading={block.isPending}>
          {i18n._({ id: 'messages.block.confirm', message: 'Block' })}
        </Button>
      </div>
    </Dialog>
  )
}

/**
 * Said in place of writing while the person is blocked, with the way back.
 * Takes the focus when it comes from a block just made here.
 */
export function BlockedNotice({ person, focus, onUnblocked }: { person: Person; focus: boolean; onUnblocked: () => void }) {
  const i18n = useI18n()
  const unblock = useUnblockPerson()
  const online = useOnline()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  // Not mutate's callbacks: this notice goes once the list no longer has the
  // block, which can be before the change settles, and takes them with it.
  const onUnblock = () =>
    unblock.mutateAsync(person.id).then(
      () => {
        toast.success(i18n._({ id: 'messages.unblocked', message: 'Unblocked {name}', values: { name: person.name } }))
        onUnblocked()
      },
      (error: unknown) => void toast.error(errorMessage(error)),
    )
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-stone-800 outline-offset-2"
    >
      <p className="min-w-0">
        <span className="font-semibold">
          {i18n._({ id: 'messages.blocked.title', message: 'You blocked {name}.', values: { name: person.name } })}
        </span>{' '}
        <span className="text-stone-700">
          {i18n._({ id: 'messages.blocked.body', message: "Neither of you can write here, and you don't see their listings." })}
        </span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={!online}
        isLoading={unblock.isPending}
        onClick={onUnblock}
        aria-label={i18n._({ id: 'messages.unblock.label', message: 'Unblock {name}', values: { name: person.name } })}
      >
        {i18n._({ id: 'messages.unblock', message: 'Unblock' })}
      </Button>
    </div>
  )
}
