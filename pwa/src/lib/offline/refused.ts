// Requests the outbox sent later that the server refused: the outcome is
// toasted (features/offline), and kept here for this visit so that the
// screen the request belongs to can say so where it was made. A thread shows
// a message refused after it waited offline ("You cannot message this
// person") in place of its "Waiting to send", with its text, until dismissed.
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query'
import { outboxKeys } from '../query-keys'
import type { SendOutcome } from './outbox'

export interface RefusedRequest {
  /** The request's Idempotency-Key. */
  key: string
  userId: number
  /** API path without /api, as queued. */
  path: string
  body: unknown
  /** The server's reason. */
  reason: string
  refusedAt: number
}

const none: RefusedRequest[] = []

/** Keeps a refused outcome (one that went through is not kept). */
export function noteRefused(client: QueryClient, { request, error }: SendOutcome, now = Date.now()): void {
  if (!error) return
  const refused: RefusedRequest = {
    key: request.idempotencyKey,
    userId: request.userId,
    path: request.path,
    body: request.body,
    reason: error.message,
    refusedAt: now,
  }
  // Kept for the visit: the person may open the thread long after.
  client.setQueryDefaults(outboxKeys.refused(), { gcTime: Infinity })
  client.setQueryData<RefusedRequest[]>(outboxKeys.refused(), (kept = none) => [
    ...kept.filter((other) => other.key !== refused.key),
    refused,
  ])
}

export function dismissRefused(client: QueryClient, key: string): void {
  client.setQueryData<RefusedRequest[]>(outboxKeys.refused(), (kept = none) => kept.filter((other) => other.key !== key))
}

/** The user's refused requests to one path, oldest first. */
export function useRefused(userId: number | undefined, path: string): RefusedRequest[] {
  const { data = none } = useQuery<RefusedRequest[]>({ queryKey: outboxKeys.refused(), queryFn: skipToken, gcTime: Infinity })
  return data.filter((refused) => refused.userId === userId && refused.path === path)
}
