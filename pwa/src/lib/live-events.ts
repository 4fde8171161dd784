// What changes for the signed-in person as it happens: GET /api/events
// (Server-Sent Events) names what changed, and each event refreshes the
// queries that show it (lib/refresh.ts), so open screens refetch. A failed
// stream is reopened from the last event it had (?last_event_id, as
// Last-Event-ID), so the server replays what was missed, or says `reset` when
// it can't: then everything is refetched. While the stream is open, this
// tab's own writes leave to it the refreshes it echoes.
// An account keeps at most 8 streams open: the oldest is told `superseded`
// and closed, and that tab stays without one until it is shown again, so
// that tabs never take turns closing each other's.
// Loaded only while someone is signed in (src/app's LiveEvents).
import type { QueryClient } from '@tanstack/react-query'
import { meQueryOptions } from './auth'
import { followStream, liveChanges, refresh, type Change, type LiveChange } from './refresh'
import { onSigningOut, sessionRenewed, signingOut } from './session-end'
import { setUnreadMessages } from './badge'
import type { EventName } from './types'

/** A stream closed this long while the tab is hidden frees its connection; it reopens when shown. */
export const hiddenCloseDelay = 5 * 60 * 1000

/** A failed stream, the session still holding, reopens this much later (the server's own `retry:`). */
export const reconnectDelay = 5000

/** The change an event tells, with only the data it names that the app uses. */
function changeOf(kind: LiveChange, data: Record<string, unknown>): Change {
  const number = (key: string) => {
    const value = data[key]
    return typeof value === 'number' ? value : undefined
  }
  switch (kind) {
    case 'message':
      return { kind, conversation_id: number('conversation_id') }
    case 'booking':
      return { kind, booking_id: number('booking_id'), product_id: number('product_id') }
    case 'reset':
      return { kind }
  }
}

function parse(event: MessageEvent): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(String(event.data))
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * Opens the stream and follows it; answers the function that closes it.
 *
 * An EventSource cannot see why its stream failed: a session ended elsewhere
 * (the server closes the stream, or answers its reconnection 401) looks like
 * a network hiccup. So when it fails, it is closed and GET /api/auth/me asks
 * first: nobody signed in is the session's end (lib/session-end signs out and
 * this is stopped); still signed in, or no answer (offline), it reopens
 * reconnectDelay later from the last event it had. While this browser renews
 * its own session (a new password), the question waits for the new cookie.
 * Log Out closes the stream as it starts, and none opens while it runs; a
 * Log Out that fails opens it again.
 */
export function listen(client: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  let source: EventSource | undefined
  let lastEventId = ''
  let stopped = false
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined

  const refetch = (kind: LiveChange, data: Record<string, unknown>) => void refresh(client, changeOf(kind, data))
  const received = (event: Event) => {
    const { lastEventId: id } = event as MessageEvent
    if (id) lastEventId = id
    return parse(event as MessageEvent)
  }
  const open = () => {
    // Log Out ends the session under the stream: a stream opened meanwhile would only be refused.
    if (signingOut(client)) return
    source = new EventSource(lastEventId ? `/api/events?last_event_id=${encodeURIComponent(lastEventId)}` : '/api/events')
    for (const kind of liveChanges) {
      source.addEventListener(kind, (event) => refetch(kind, received(event)))
    }
    source.addEventListener('unread' satisfies EventName, (event) => {
      const { unread } = received(event)
      if (typeof unread === 'number') setUnreadMessages(client, unread)
    })
    // Not reconnected until the tab is shown again (onVisibility).
    source.addEventListener('superseded' satisfies EventName, close)
    source.addEventListener('error', failed)
  }
  const close = () => {
    source?.close()
    source = undefined
  }
  const reopenLater = () => {
    if (stopped || document.visibilityState === 'hidden') return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      if (!source) open()
    }, reconnectDelay)
  }
  function failed() {
    close()
    // Renewing its own session ends this stream's cookie first: ask once the new one has come.
    sessionRenewed(client)
      .then(() => client.fetchQuery({ ...meQueryOptions(), staleTime: 0 }))
      .then((user) => user && reopenLater(), reopenLater)
  }
  const onVisibility = () => {
    clearTimeout(hiddenTimer)
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(close, hiddenCloseDelay)
    } else if (!source && reconnectTimer === undefined && !signingOut(client)) {
      // A new stream has no Last-Event-ID: what happened meanwhile is fetched again.
      lastEventId = ''
      open()
      refetch('reset', {})
    }
  }

  const leaving = () => {
    clearTimeout(reconnectTimer)
    reconnectTimer = undefined
    close()
  }

  open()
  const unfollow = followStream(client, () => source?.readyState === EventSource.OPEN)
  // A Log Out that failed leaves the person signed in here: follow again. One
  // that succeeded has stopped this already (LiveEvents, once nobody is signed in).
  const unwatch = onSigningOut(client, leaving, () => {
    if (!stopped && !source) open()
  })
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    stopped = true
    unfollow()
    unwatch()
    clearTimeout(hiddenTimer)
    clearTimeout(reconnectTimer)
    document.removeEventListener('visibilitychange', onVisibility)
    close()
  }
}
