import { useId, useState } from 'react'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { Input } from '@/components/field'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import type { Message } from '@/lib/types'
import { localInputToUtc, utcToLocalInput } from './times'

interface PickupCardProps {
  message: Message
  otherName: string
  /** The booking is still open, so a proposal may be accepted. */
  open: boolean
  onAccept: () => void
  onDecline: () => void
  /** Answer with another time: opens the proposal form. */
  onSuggest: () => void
  isAccepting: boolean
  isDeclining: boolean
}

/**
 * A proposed pickup time, set apart from the talk. The side that did not
 * propose it may accept it, decline it, or suggest another time (a new
 * proposal, after which this one can no longer be answered).
 */
export function PickupCard({
  message,
  otherName,
  open,
  onAccept,
  onDecline,
  onSuggest,
  isAccepting,
  isDeclining,
}: PickupCardProps) {
  const i18n = useI18n()
  if (!message.pickup_at) return null
  const when = formatDateTime(message.pickup_at)
  let state
  if (message.accepted) {
    state = (
      <Badge tone="green" className="self-start">
        {i18n._({ id: 'messages.pickup.accepted', message: 'Accepted' })}
      </Badge>
    )
  } else if (message.declined) {
    state = (
      <Badge tone="red" className="self-start">
        {i18n._({ id: 'messages.pickup.declined', message: 'Declined' })}
      </Badge>
    )
  } else if (message.superseded) {
    state = (
      <p className="text-sm text-stone-700">
        {i18n._({ id: 'messages.pickup.superseded', message: 'Another time was proposed after this one' })}
      </p>
    )
  } else if (message.mine) {
    state = (
      <p className="text-sm text-stone-700">
        {i18n._({ id: 'messages.pickup.waiting', message: 'Waiting for {name} to answer', values: { name: otherName } })}
      </p>
    )
  } else if (open) {
    state = (
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-label={i18n._({ id: 'messages.pickup.accept.label', message: 'Accept pickup at {when}', values: { when } })}
          isLoading={isAccepting}
          disabled={isDeclining}
          onClick={onAccept}
        >
          {i18n._({ id: 'messages.pickup.accept', message: 'Accept' })}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={i18n._({ id: 'messages.pickup.decline.label', message: 'Decline pickup at {when}', values: { when } })}
          isLoading={isDeclining}
          disabled={isAccepting}
          onClick={onDecline}
        >
          {i18n._({ id: 'messages.pickup.decline', message: 'Decline' })}
        </Button>
        <Button size="sm" variant="ghost" onClick={onSuggest}>
          {i18n._({ id: 'messages.pickup.suggest', message: 'Suggest another time' })}
        </Button>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-stone-900">
      <p className="text-sm font-semibold text-amber-900">
        {message.mine
          ? i18n._({ id: 'messages.pickup.youProposed', message: 'You proposed a pickup' })
          : i18n._({ id: 'messages.pickup.theyProposed', message: '{name} proposed a pickup', values: { name: otherName } })}
      </p>
      <p
        className={cn(
          'text-lg font-bold',
          (message.declined || message.superseded) && !message.accepted && 'text-stone-600 line-through',
        )}
      >
        <time dateTime={message.pickup_at}>{when}</time>
      </p>
      {state}
    </div>
  )
}

/** A local date and time to propose for the pickup, sent in UTC. */
export function PickupForm({
  onPropose,
  isPending,
  disabled,
  autoFocus,
}: {
  onPropose: (pickupAt: string) => void
  isPending: boolean
  disabled?: boolean
  autoFocus?: boolean
}) {
  const i18n = useI18n()
  const id = useId()
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState('')
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const pickupAt = localInputToUtc(value)
        if (!pickupAt) return setProblem(i18n._({ id: 'messages.pickup.chooseTime', message: 'Choose a date and time' }))
        if (new Date(pickupAt) <= new Date()) {
          return setProblem(i18n._({ id: 'messages.pickup.inFuture', message: 'Choose a time in the future' }))
        }
        setProblem('')
        onPropose(pickupAt)
        setValue('')
      }}
    >
      <div className="flex min-w-52 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="font-medium text-stone-800">
          {i18n._({ id: 'messages.pickup.time', message: 'Pickup time' })}
        </label>
        <Input
          id={id}
          type="datetime-local"
          value={value}
          min={utcToLocalInput(new Date())}
          autoFocus={autoFocus}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" isLoading={isPending} disabled={disabled}>
        {i18n._({ id: 'messages.pickup.submit', message: 'Propose pickup' })}
      </Button>
      {problem && (
        <p id={`${id}-error`} className="w-full text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </form>
  )
}
