// Requests made offline (Book Now, Report) wait in an IndexedDB outbox and are
// sent in order once the server can be reached, each with the Idempotency-Key
// made when it was queued: if a reply is lost, sending again gets the first
// answer and does nothing twice (see docs/api.md).
import { useSyncExternalStore } from 'react'
import { api, ApiError } from '../api'
import type { OutboxEntry } from './db'

export type QueuedRequest = Omit<OutboxEntry, 'id' | 'userId' | 'queuedAt'>

export const queuedMessage = 'Saved — it will be sent when you are back online'

const store = () => import('./outbox-store')

// Bumped on each queued request, so the sender knows to look.
let queued = 0
const listeners = new Set<() => void>()

export function useQueuedCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => queued,
  )
}

export async function queueRequest(userId: number, request: QueuedRequest): Promise<void> {
  await (await store()).addToOutbox({ ...request, userId, queuedAt: Date.now() })
  queued++
  for (const listener of listeners) listener()
}

/** What became of a sent request: accepted, or refused with the server's reason. */
export interface SendOutcome {
  request: OutboxEntry
  error?: ApiError
}

let sending: Promise<void> | null = null

/**
 * Sends the user's waiting requests, oldest first. An answer that settles a
 * request (2xx, or a 4xx such as 'already sold') removes it and is reported;
 * no answer, a server error, 401 or 429 stops and leaves it for next time.
 * One run at a time: a call during a run waits for that run.
 */
export function sendOutbox(userId: number, onOutcome: (outcome: SendOutcome) => void): Promise<void> {
  sending ??= send(userId, onOutcome).finally(() => {
    sending = null
  })
  return sending
}

async function send(userId: number, onOutcome: (outcome: SendOutcome) => void) {
  const outbox = await store()
  for (;;) {
    const request = await outbox.nextInOutbox(userId)
    if (!request?.id) return
    let error: ApiError | undefined
    try {
      await api.post(request.path, request.body, { headers: { 'Idempotency-Key': request.idempotencyKey } })
    } catch (thrown) {
      if (!(thrown instanceof ApiError) || !settles(thrown.status)) return
      error = thrown
    }
    await outbox.removeFromOutbox(request.id)
    onOutcome({ request, error })
  }
}

function settles(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 429
}
