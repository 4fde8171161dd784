import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { BookingStatus } from '@/components/booking-status'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { FormError } from '@/components/form-error'
import { MessageComposer } from '@/components/message-composer'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { Thumbnail } from '@/components/thumbnail'
import { useUser } from '@/lib/auth'
import { useBlocked } from '@/lib/blocks'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { dismissRefused, useRefused, type RefusedRequest } from '@/lib/offline/refused'
import { useSendOrQueue } from '@/lib/offline/use-send-or-queue'
import { paths } from '@/lib/paths'
import type { Conversation, Message } from '@/lib/types'
import { useAcceptPickup } from '../api/accept-pickup'
import { useDeclinePickup } from '../api/decline-pickup'
import { useConversation } from '../api/get-conversation'
import { useMessages } from '../api/get-messages'
import { useMarkRead } from '../api/mark-read'
import { messagesPath, queuedMessage, useSendMessage } from '../api/send-message'
import { useWaitingMessages, type WaitingMessage } from '../api/waiting-messages'
import { BlockDialog, BlockedNotice, ThreadActions } from './blocking'
import { MessageText } from './message-text'
import { PickupCard, PickupForm } from './pickup'
import { ReportMessage } from './report-message'

/** A pickup time may be proposed while the buyer's booking is open. */
function bookingOpen(conversation: Conversation): boolean {
  return conversation.booking?.status === 'Booked' || conversation.booking?.status === 'Paid'
}

function ThreadHeader({ conversation, actions }: { conversation: Conversation; actions: ReactNode }) {
  const i18n = useI18n()
  const { product, other, booking } = conversation
  return (
    <header className="flex items-start gap-3 border-b border-stone-200 pb-3">
      <Link
        to={paths.messages}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path strokeLinecap="round" strokeLinejoin="round" d="M15 18l-6-6 6-6" />
        </svg>
        <span className="sr-only">{i18n._({ id: 'messages.back', message: 'Back to messages' })}</span>
      </Link>
      <Thumbnail src={product.thumb_url || product.image} alt="" size={48} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold" title={other.name}>
          {/* A seller's page is open to all; a buyer's, to the sellers they booked with. */}
          {conversation.role === 'buyer' || booking ? <Link to={paths.seller(other.id)}>{other.name}</Link> : other.name}
        </p>
        <p className="truncate text-sm text-stone-700" title={product.name}>
          {product.id !== null ? <Link to={paths.product(product.id)}>{product.name}</Link> : product.name}
        </p>
        {booking && (
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <BookingStatus status={booking.status} />
            {booking.pickup_at && (
              <span className="text-stone-700">
                <Trans
                  id="messages.pickupAt"
                  message="Pickup <0>{time}</0>"
                  values={{ time: formatDateTime(booking.pickup_at) }}
                  components={{ 0: <time dateTime={booking.pickup_at} /> }}
                />
              </span>
            )}
          </div>
        )}
      </div>
      {actions}
    </header>
  )
}

function Bubble({ mine, children, note }: { mine: boolean; children: ReactNode; note: ReactNode }) {
  return (
    <li className={cn('flex min-w-0 max-w-[85%] flex-col gap-1', mine ? 'items-end self-end' : 'items-start self-start')}>
      <div
        className={cn(
          'rounded-2xl px-3 py-2',
          mine ? 'bg-teal-700 text-white [&_a]:text-white' : 'bg-white text-stone-900 ring-1 ring-stone-200',
        )}
      >
        {children}
      </div>
      <span className="text-xs text-stone-600">{note}</span>
    </li>
  )
}

function MessageItem({
  message,
  conversation,
  onSuggest,
}: {
  message: Message
  conversation: Conversation
  onSuggest: () => void
}) {
  const i18n = useI18n()
  const accept = useAcceptPickup()
  const decline = useDeclinePickup()
  const answer = { conversationId: conversation.id, messageId: message.id }
  const note = (
    <>
      <span className="sr-only">{message.mine ? i18n._({ id: 'messages.you', message: 'You' }) : conversation.other.name}, </span>
      <time dateTime={message.time}>{formatDateTime(message.time)}</time>
      <ReportMessage message={message} from={conversation.other.name} />
    </>
  )
  if (message.pickup_at) {
    return (
      <li className={cn('flex w-72 max-w-[85%] flex-col gap-1', message.mine ? 'items-end self-end' : 'items-start self-start')}>
        <PickupCard
          message={message}
          otherName={conversation.other.name}
          open={bookingOpen(conversation)}
          onAccept={() => accept.mutate(answer)}
          onDecline={() => decline.mutate(answer)}
          onSuggest={onSuggest}
          isAccepting={accept.isPending}
          isDeclining={decline.isPending}
        />
        {message.text && <MessageText text={message.text} />}
        <FormError error={accept.error ?? decline.error} />
        <span className="text-xs text-stone-600">{note}</span>
      </li>
    )
  }
  return (
    <Bubble mine={message.mine} note={note}>
      <MessageText text={message.text} />
    </Bubble>
  )
}

/** A message that waited offline and that the server then refused, with why, until dismissed. */
function RefusedItem({ refused }: { refused: RefusedRequest }) {
  const i18n = useI18n()
  const queryClient = useQueryClient()
  const { text = '', pickup_at: pickupAt } = (refused.body ?? {}) as { text?: string; pickup_at?: string }
  return (
    <li className="flex min-w-0 max-w-[85%] flex-col items-end gap-1 self-end">
      <div className="rounded-2xl bg-stone-100 px-3 py-2 text-stone-800 ring-1 ring-red-300">
        {pickupAt && (
          <p className="font-semibold">
            {i18n._({
              id: 'messages.pickupProposed',
              message: 'Pickup proposed: {time}',
              values: { time: formatDateTime(pickupAt) },
            })}
          </p>
        )}
        {text && <MessageText text={text} />}
      </div>
      <p className="flex flex-wrap items-center justify-end gap-x-2 text-sm font-medium text-red-700">
        <span>{i18n._({ id: 'messages.notSent', message: 'Not sent: {reason}', values: { reason: refused.reason } })}</span>
        <button
          type="button"
          aria-label={i18n._({ id: 'messages.dismiss.label', message: 'Dismiss the message not sent' })}
          className="inline-flex min-h-11 items-center px-1 text-stone-700 underline"
          onClick={() => dismissRefused(queryClient, refused.key)}
        >
          {i18n._({ id: 'messages.dismiss', message: 'Dismiss' })}
        </button>
      </p>
    </li>
  )
}

function WaitingItem({ message }: { message: WaitingMessage }) {
  const i18n = useI18n()
  return (
    <Bubble
      mine
      note={<span className="font-medium text-stone-700">{i18n._({ id: 'messages.waiting', message: 'Waiting to send' })}</span>}
    >
      {message.pickup_at && (
        <p className="font-semibold">
          {i18n._({
            id: 'messages.pickupProposed',
            message: 'Pickup proposed: {time}',
            values: { time: formatDateTime(message.pickup_at) },
          })}
        </p>
      )}
      {message.text && <MessageText text={message.text} />}
    </Bubble>
  )
}

/**
 * One conversation: its messages oldest first, earlier ones on request, and
 * the composer. On a phone it is a chat screen: it fills the height its
 * parent gives it, the messages scroll and the composer stays at the bottom.
 */
export function Thread({ id }: { id: number }) {
  const i18n = useI18n()
  const { user } = useUser()
  const conversation = useConversation(id)
  const { query, messages } = useMessages(id)
  const waiting = useWaitingMessages(id)
  const refused = useRefused(user?.id, messagesPath(id))
  // Whether this person blocked the other one (undefined until known: offline, say).
  const blocked = useBlocked(conversation.data?.other.id)
  const [askingToBlock, setAskingToBlock] = useState(false)
  // What takes the focus after a block or unblock made here: the notice, or the composer.
  const [focusAfter, setFocusAfter] = useState<'blocked' | 'unblocked' | null>(null)
  const send = useSendMessage()
  const sendOrQueue = useSendOrQueue()
  const end = useRef<HTMLDivElement>(null)
  const composer = useRef<HTMLDivElement>(null)
  // 'Suggest another time' opens the proposal form with its time field focused.
  const [proposing, setProposing] = useState(false)
  const [suggested, setSuggested] = useState(0)
  const newest = messages.at(-1)?.id
  const shown = conversation.data !== undefined
  useMarkRead(id, messages.findLast((message) => !message.mine)?.id)

  // The newest message in view just above the composer, as chat apps do; not when earlier ones are loaded.
  // The newest message, in the list that scrolls (the page, or the messages on a phone), then the composer.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
    composer.current?.scrollIntoView?.({ block: 'nearest' })
  }, [newest, waiting.length, refused.length, shown])

  useEffect(() => {
    if (focusAfter === 'unblocked' && blocked === false) composer.current?.querySelector('textarea')?.focus()
  }, [focusAfter, blocked])

  if (conversation.isPending && conversation.fetchStatus === 'paused') {
    return <OfflineState what={i18n._({ id: 'messages.thread.offlineWhat', message: 'This conversation' })} />
  }
  if (conversation.isPending) {
    return <PageSpinner label={i18n._({ id: 'messages.thread.loading', message: 'Loading the conversation…' })} />
  }
  if (conversation.isError && !conversation.data) {
    return (
      <QueryErrorState
        title={i18n._({ id: 'messages.thread.loadError', message: 'Could not load this conversation' })}
        query={conversation}
      />
    )
  }
  const talk = conversation.data

  const post = (input: { text: string; pickup_at?: string }, done: () => void) => {
    if (!user) return
    sendOrQueue({
      mutation: send,
      input: { conversationId: id, ...input },
      userId: user.id,
      toQueued: (request) => queuedMessage(talk.product.name, request),
      onDone: done,
      announceSent: false,
    })
  }

  const suggest = () => {
    setProposing(true)
    setSuggested((n) => n + 1)
  }

  return (
    <section aria-labelledby={`thread-${id}`} className="flex flex-col gap-3 max-md:min-h-0 max-md:flex-1 md:min-h-[60dvh]">
      <h2 id={`thread-${id}`} className="sr-only">
        {i18n._({
          id: 'messages.thread.title',
          message: 'Conversation with {name} about {product}',
          values: { name: talk.other.name, product: talk.product.name },
        })}
      </h2>
      <ThreadHeader
        conversation={talk}
        actions={blocked === false && <ThreadActions person={talk.other} onBlock={() => setAskingToBlock(true)} />}
      />
      <BlockDialog
        person={talk.other}
        openBooking={talk.booking?.status === 'Booked' ? talk.product.name : undefined}
        open={askingToBlock}
        onClose={() => setAskingToBlock(false)}
        onBlocked={() => {
          setAskingToBlock(false)
          setFocusAfter('blocked')
        }}
      />
      {/* Scrolls on its own on a phone, between the header and the composer; relative, so that the sr-only texts inside are clipped with it. */}
      <div
        data-testid="thread-messages"
        className="relative flex flex-1 flex-col gap-3 max-md:min-h-0 max-md:overflow-y-auto max-md:overscroll-contain"
      >
        {query.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="self-center"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {i18n._({ id: 'messages.thread.loadEarlier', message: 'Load earlier messages' })}
          </Button>
        )}
        {query.isPending && query.fetchStatus !== 'paused' && (
          <PageSpinner label={i18n._({ id: 'messages.thread.loadingMessages', message: 'Loading the messages…' })} />
        )}
        {query.isError && !query.data && (
          <QueryErrorState
            title={i18n._({ id: 'messages.thread.loadMessagesError', message: 'Could not load the messages' })}
            query={query}
          />
        )}
        <ol aria-label={i18n._({ id: 'messages.title', message: 'Messages' })} className="flex flex-1 flex-col gap-3">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} conversation={talk} onSuggest={suggest} />
          ))}
          {waiting.map((message) => (
            <WaitingItem key={message.key} message={message} />
          ))}
          {refused.map((request) => (
            <RefusedItem key={request.key} refused={request} />
          ))}
        </ol>
        {query.data && messages.length === 0 && waiting.length === 0 && refused.length === 0 && (
          <p className="text-center text-stone-600">
            {i18n._({ id: 'messages.thread.empty', message: 'No messages yet. Say hello.' })}
          </p>
        )}
        <div ref={end} />
      </div>
      <div
        ref={composer}
        className="flex shrink-0 flex-col gap-3 border-t border-stone-200 pt-3 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      >
        {blocked && (
          <BlockedNotice person={talk.other} focus={focusAfter === 'blocked'} onUnblocked={() => setFocusAfter('unblocked')} />
        )}
        <FormError error={send.error} />
        {bookingOpen(talk) && !blocked && (
          <details
            open={proposing}
            onToggle={(event) => setProposing(event.currentTarget.open)}
            className="rounded-xl border border-stone-200 bg-white px-3 py-2"
          >
            <summary className="min-h-11 cursor-pointer content-center font-medium">
              {i18n._({ id: 'messages.pickup.propose', message: 'Propose a pickup time' })}
            </summary>
            <div className="pt-2 pb-1">
              <PickupForm
                key={suggested}
                autoFocus={suggested > 0}
                onPropose={(pickupAt) => post({ text: '', pickup_at: pickupAt }, () => setProposing(false))}
                isPending={send.isPending}
              />
            </div>
          </details>
        )}
        <MessageComposer
          label={i18n._({ id: 'messages.composer.label', message: 'Message to {name}', values: { name: talk.other.name } })}
          onSend={(text, clear) => post({ text }, clear)}
          isPending={send.isPending}
          disabled={blocked === true}
        />
      </div>
    </section>
  )
}
