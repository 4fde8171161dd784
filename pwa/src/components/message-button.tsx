import { Trans } from '@lingui/react'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import { useSendOrQueue } from '@/lib/offline/use-send-or-queue'
import { paths } from '@/lib/paths'
import { queuedFirstMessage, useStartConversation, type FirstMessage } from '@/lib/start-conversation'
import { Button, buttonClasses, type ButtonSize, type ButtonVariant } from './button'
import { Dialog } from './dialog'
import { FormError } from './form-error'
import { MessageComposer } from './message-composer'

interface MessageButtonProps {
  /** 'Message the seller', 'Message the buyer'. */
  label: string
  /** Its accessible name when the label alone is ambiguous (a row of a table). */
  ariaLabel?: string
  /** What to write about. */
  about: Omit<FirstMessage, 'text'>
  /** The product's name: the dialog's title, and what a queued message is shown as. */
  subject: string
  /** The conversation there already is: the button opens it. */
  conversationId?: number | null
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
}

/**
 * Opens the conversation about a product or booking: the thread when there
 * is one, otherwise a dialog for the first message, which starts it and then
 * opens it. Offline the message waits in the outbox. Signed out, it leads to
 * the login page, which comes back here.
 */
export function MessageButton({
  label,
  ariaLabel,
  about,
  subject,
  conversationId,
  variant = 'secondary',
  size = 'md',
  className,
}: MessageButtonProps) {
  const i18n = useI18n()
  const { user, isLoading } = useUser()
  const location = useLocation()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const start = useStartConversation()
  const sendOrQueue = useSendOrQueue()
  const look = buttonClasses({ variant, size, className })

  if (conversationId) {
    return (
      <Link to={paths.conversation(conversationId)} aria-label={ariaLabel} className={look}>
        {label}
      </Link>
    )
  }
  if (isLoading) return null
  if (!user) {
    const state = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      reason: i18n._({ id: 'common.message.logInFirst', message: 'Log in to send a message' }),
    }
    return (
      <Link to={paths.login} state={state} aria-label={ariaLabel} className={look}>
        {label}
      </Link>
    )
  }

  const send = (text: string, clear: () => void) =>
    sendOrQueue({
      mutation: {
        mutate: (request, callbacks) =>
          start.mutate(request, {
            onSuccess: (message) => {
              callbacks.onSuccess()
              void navigate(paths.conversation(message.conversation_id))
            },
            onError: callbacks.onError,
          }),
      },
      input: { ...about, text },
      userId: user.id,
      toQueued: (request) => queuedFirstMessage(subject, request),
      onDone: () => {
        clear()
        setOpen(false)
      },
    })

  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={ariaLabel}
        className={className}
        onClick={() => {
          start.reset()
          setOpen(true)
        }}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={label} closeOnBackdrop={false}>
        <div className="flex flex-col gap-4">
          <p className="text-stone-700">
            <Trans
              id="common.message.about"
              message="About <0>{subject}</0>"
              values={{ subject }}
              components={{ 0: <span className="font-medium text-stone-900" /> }}
            />
          </p>
          <FormError error={start.error} />
          <MessageComposer
            label={i18n._({ id: 'common.message.yours', message: 'Your message' })}
            onSend={send}
            isPending={start.isPending}
            autoFocus
          />
        </div>
      </Dialog>
    </>
  )
}
