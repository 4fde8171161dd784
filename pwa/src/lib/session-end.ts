// A session can end while its browser is not looking: the password changed
// on another device, "Sign out" on Active sessions there, an admin. The
// browser learns it from an answer to a request it made on its own: a query
// answered 401, or GET /api/auth/me answering "nobody" (the live events ask
// it when their stream fails). Either counts only while the app believes
// someone is signed in, and only once until someone signs in again; a
// network failure is not an answer, so offline is never signed out. Nor is
// what this browser hears while it renews its own session (authKeys.renewal):
// the server ends the old cookie before the answer brings the new one.
import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api'
import { authKeys } from './query-keys'
import type { User } from './types'

const meHash = JSON.stringify(authKeys.me())

function isMe(query: Query): boolean {
  return query.queryHash === meHash
}

function signedInUser(client: QueryClient): User | null {
  return client.getQueryData<User | null>(authKeys.me()) ?? null
}

/** What the server said about the session in this cache event: ended, or nothing new. */
function tellsSessionEnded(event: QueryCacheNotifyEvent, before: User | null): boolean {
  if (!before || event.type !== 'updated') return false
  const { action } = event
  if (action.type === 'error') return isApiError(action.error, 401)
  // Sign-in, Log Out and the forgetting below set the user themselves (manual).
  return action.type === 'success' && !action.manual && isMe(event.query) && action.data == null
}

function renewing(client: QueryClient): boolean {
  return client.isMutating({ mutationKey: authKeys.renewal() }) > 0
}

/** Whether this browser is signing out (Log Out, until the session is forgotten). */
export function signingOut(client: QueryClient): boolean {
  return client.isMutating({ mutationKey: authKeys.signOut() }) > 0
}

/**
 * Calls `onStart` each time this browser begins to sign out, and `onEnd` as
 * that ends (signed out, or a Log Out that failed); answers the function that
 * stops watching.
 */
export function onSigningOut(client: QueryClient, onStart: () => void, onEnd: () => void = () => {}): () => void {
  let was = signingOut(client)
  return client.getMutationCache().subscribe(() => {
    const now = signingOut(client)
    if (now && !was) onStart()
    else if (was && !now) onEnd()
    was = now
  })
}

/** Resolves once no request that renews this browser's session is under way. */
export function sessionRenewed(client: QueryClient): Promise<void> {
  if (!renewing(client)) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = client.getMutationCache().subscribe(() => {
      if (renewing(client)) return
      stop()
      resolve()
    })
  })
}

/**
 * Calls `onEnded` once when the server says this browser's session has ended
 * while the app believed someone signed in; answers the function that stops
 * watching. `onEnded` signs out here (see features/auth's SessionEnded).
 */
export function watchSessionEnd(client: QueryClient, onEnded: () => void): () => void {
  let user = signedInUser(client)
  let ended = false
  return client.getQueryCache().subscribe((event) => {
    // Only actions change what is cached. A screen's observer hears of an
    // answer before the action's own event does: were `before` read then,
    // GET /api/auth/me answering nobody would look like nobody all along.
    if (event.type !== 'updated' && event.type !== 'removed') return
    const before = user
    user = signedInUser(client)
    if (user && !before) ended = false
    if (ended || !tellsSessionEnded(event, before) || renewing(client)) return
    ended = true
    onEnded()
  })
}
