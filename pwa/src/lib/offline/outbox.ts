// Requests made offline (Book Now, Report) wait in an IndexedDB outbox and are
// sent in order once the server can be reached, each with the Idempotency-Key
// made when it was queued: if a reply is lost, sending again gets the first
// answer and does nothing twice (see docs/api.md). The OfflineStore owns the
// one Outbox of the app (offline-store.ts).
import { ApiError, sendLater } from '../api'
import { i18n } from '../i18n'
import type { OutboxEntry } from './db'
import type { Storage } from './storage'

export type QueuedRequest = Omit<OutboxEntry, 'id' | 'userId' | 'queuedAt' | 'change'> & Required<Pick<OutboxEntry, 'change'>>

/**
 * The toast when a request waits in the outbox, in the app's language:
 * offline, or with the marketplace unable to answer for now.
 */
export function queuedMessage(why: 'offline' | 'unavailable' = 'offline'): string {
  return why === 'offline'
    ? i18n._({ id: 'offline.queued', message: 'Saved — it will be sent when you are back online' })
    : i18n._({
        id: 'offline.queuedUnavailable',
        message: 'Saved — the marketplace cannot answer right now; it will be sent in a moment',
      })
}

const firstRetry = 5_000
const lastRetry = 60_000

/**
 * How long to wait before sending again after a run stopped on error, the
 * failures-th time in a row (from 0): the server's Retry-After, doubled on
 * each failure from 5 seconds up to a minute. Undefined when waiting will
 * not help, or something else starts the next run: no answer at all (the
 * connection's probe tells when the server is back) or 401 (the person
 * signs in again).
 */
export function retryWait(error: ApiError, failures: number): number | undefined {
  if (error.status === 0 || error.status === 401) return undefined
  const backoff = Math.min(firstRetry * 2 ** failures, lastRetry)
  return Math.max(backoff, Math.min((error.retryAfter ?? 0) * 1000, lastRetry))
}

/** What became of a sent request: accepted, or refused with the server's reason. */
export interface SendOutcome {
  request: OutboxEntry
  error?: ApiError
}

export class Outbox {
  // Bumped on each queued request, so the sender knows to look.
  private queued = 0
  private readonly listeners = new Set<() => void>()
  // Bumped when a request is queued or leaves, for screens that show what waits.
  private changes = 0
  private readonly changeListeners = new Set<() => void>()
  private sending: Promise<ApiError | undefined> | null = null

  constructor(private readonly storage: () => Promise<Storage>) {}

  /** For useSyncExternalStore: changes each time a request is queued. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly queuedCount = (): number => this.queued

  /** For useSyncExternalStore: changes each time a request is queued or leaves the outbox. */
  readonly subscribeChanges = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener)
    return () => this.changeListeners.delete(listener)
  }

  readonly changeCount = (): number => this.changes

  /** The user's requests to `path` (or to the paths it matches) still waiting, oldest first (a thread's unsent messages). */
  async waiting(userId: number, path: string | RegExp): Promise<OutboxEntry[]> {
    const { db, outbox } = await this.storage()
    return outbox.waitingInOutbox(db, userId, path)
  }

  private changed() {
    this.changes++
    for (const listener of this.changeListeners) listener()
  }

  async queue(userId: number, request: QueuedRequest): Promise<void> {
    const { db, outbox } = await this.storage()
    await outbox.addToOutbox(db, { ...request, userId, queuedAt: Date.now() })
    this.queued++
    for (const listener of this.listeners) listener()
    this.changed()
  }

  /**
   * Sends the user's waiting requests, oldest first. An answer that settles a
   * request (2xx, or a 4xx such as 'already sold') removes it and is reported;
   * no answer, a server error, 401 or 429 stops and leaves it for next time
   * (but a 429 settles a request marked limitRefuses), and the run answers
   * the error it stopped on (see retryWait).
   * One run at a time: a call during a run waits for that run.
   */
  send(userId: number, onOutcome: (outcome: SendOutcome) => void): Promise<ApiError | undefined> {
    this.sending ??= this.sendAll(userId, onOutcome).finally(() => {
      this.sending = null
    })
    return this.sending
  }

  /** Resolves once the current run, if any, is over. */
  async idle(): Promise<void> {
    await this.sending?.catch(() => {})
  }

  private async sendAll(userId: number, onOutcome: (outcome: SendOutcome) => void): Promise<ApiError | undefined> {
    const { db, outbox } = await this.storage()
    for (;;) {
      const request = await outbox.nextInOutbox(db, userId)
      if (!request?.id) return undefined
      let error: ApiError | undefined
      try {
        await sendLater(request, { headers: { 'Idempotency-Key': request.idempotencyKey } })
      } catch (thrown) {
        if (!(thrown instanceof ApiError)) throw thrown
        if (!settles(thrown.status, request)) return thrown
        error = thrown
      }
      await outbox.removeFromOutbox(db, request.id)
      this.changed()
      onOutcome({ request, error })
    }
  }
}

function settles(status: number, request: OutboxEntry): boolean {
  if (status === 429) return request.limitRefuses === true
  return status >= 400 && status < 500 && status !== 401
}
