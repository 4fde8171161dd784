import { useId, useState, type KeyboardEvent } from 'react'
import { maxMessageLength } from '@/lib/api/contract.gen'
import { cn } from '@/lib/cn'
import { intlLocale, useI18n } from '@/lib/i18n'
import { Button } from './button'
import { controlClasses } from './field'

/** The counter shows from here on: near the end, where it helps. */
const counterFrom = maxMessageLength - 200

interface MessageComposerProps {
  label: string
  /** Called with the trimmed text; call clear() once it is sent or queued. */
  onSend: (text: string, clear: () => void) => void
  isPending?: boolean
  /** Nothing may be written (the screen says why). */
  disabled?: boolean
  /** What the send button says. */
  sendLabel?: string
  autoFocus?: boolean
  className?: string
}

/**
 * A labelled textarea that sends on Enter (Shift+Enter for a new line), up to
 * maxMessageLength characters, with a counter as the end comes near.
 */
export function MessageComposer({
  label,
  onSend,
  isPending = false,
  disabled = false,
  sendLabel,
  autoFocus,
  className,
}: MessageComposerProps) {
  const i18n = useI18n()
  const id = useId()
  const [text, setText] = useState('')
  const trimmed = text.trim()
  const send = () => {
    if (!trimmed || isPending || disabled) return
    onSend(trimmed, () => setText(''))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }
  return (
    <form
      className={cn('flex flex-col gap-1.5', className)}
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <label htmlFor={id} className="font-medium text-stone-800">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={text}
          maxLength={maxMessageLength}
          rows={2}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          enterKeyHint="send"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'max-h-48 min-h-11 flex-1 resize-y')}
        />
        <Button type="submit" isLoading={isPending} disabled={disabled || !trimmed}>
          {sendLabel ?? i18n._({ id: 'common.send', message: 'Send' })}
        </Button>
      </div>
      <p id={`${id}-hint`} className="flex justify-between gap-2 text-sm text-stone-600">
        <span className="max-sm:sr-only">
          {i18n._({ id: 'common.composer.hint', message: 'Enter sends, Shift+Enter starts a new line.' })}
        </span>
        {text.length >= counterFrom && (
          <span aria-live="polite" className={cn('ms-auto', text.length >= maxMessageLength && 'font-medium text-red-700')}>
            {text.length.toLocaleString(intlLocale())} / {maxMessageLength.toLocaleString(intlLocale())}
          </span>
        )}
      </p>
    </form>
  )
}
