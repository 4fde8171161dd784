// Send now, or queue in the outbox: how Book Now and Report (any write the
// server de-duplicates by its Idempotency-Key) work offline. Offline, the
// request goes straight into the outbox; online it is sent, and when it gets
// no answer at all, or a 502/503/504, it is queued with the key it was sent
// with, so a reply lost on the way back books nothing twice. The outbox then sends it and
// toasts its real outcome (features/offline's OutboxSync).
import toast from 'react-hot-toast'
import { errorMessage, isApiError } from '../api'
import { useOnline } from '../connectivity'
import { queuedMessage, type QueuedRequest } from './outbox'
import { useOfflineStore } from './use-offline-store'

/** A write with the key the server knows a repeat by. */
export interface KeyedRequest<TInput> {
  input: TInput
  idempotencyKey: string
}

export interface SendOrQueue<TInput> {
  /** The mutation that sends it now (its own onSuccess/onError still run). */
  mutation: {
    mutate: (request: KeyedRequest<TInput>, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void
  }
  input: TInput
  /** Whose request it is: the outbox sends it only while they are signed in. */
  userId: number
  /** What the outbox sends; its `sentMessage` is toasted when it goes through now too. */
  toQueued: (request: KeyedRequest<TInput>) => QueuedRequest
  /** Once the server accepted it ('sent') or it waits in the outbox ('queued'). */
  onDone: (how: 'sent' | 'queued') => void
  /** The server answered with a refusal; the mutation's error says why. */
  onRefused?: (error: Error) => void
  /** Toast `sentMessage` when it went through now (default true); a chat message shows in its thread instead. */
  announceSent?: boolean
}

/** Answers the function that sends a request now or queues it (see above). */
export function useSendOrQueue() {
  const { outbox } = useOfflineStore()
  const online = useOnline()

  return function sendOrQueue<TInput>({
    mutation,
    input,
    userId,
    toQueued,
    onDone,
    onRefused,
    announceSent = true,
  }: SendOrQueue<TInput>) {
    const request: KeyedRequest<TInput> = { input, idempotencyKey: crypto.randomUUID() }
    const queue = (why: 'offline' | 'unavailable') =>
      outbox.queue(userId, toQueued(request)).then(
        () => {
          toast.success(queuedMessage(why))
          onDone('queued')
        },
        (error: unknown) => toast.error(errorMessage(error)),
      )
    if (!online) return void queue('offline')
    mutation.mutate(request, {
      onSuccess: () => {
        if (announceSent) toast.success(toQueued(request).sentMessage)
        onDone('sent')
      },
      onError: (error) => {
        // No answer, or the marketplace cannot answer for now (its database
        // restarting, a load balancer without an instance): whether or not
        // it was done, the outbox sends it again with the same key.
        if (isApiError(error, 0)) void queue('offline')
        else if (isApiError(error) && error.isUnavailable) void queue('unavailable')
        else onRefused?.(error)
      },
    })
  }
}
