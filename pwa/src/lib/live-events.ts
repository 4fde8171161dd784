// What changes for the signed-in person as it happens: GET /api/events
// (Server-Sent Events) names what changed, and each event invalidates the
// queries that show it, so open screens refetch. The browser's EventSource
// reconnects by itself and sends Last-Event-ID, so the server replays what
// was missed, or says `reset` when it can't: then everything is refetched.
// An account keeps at most 8 streams open: the oldest is told `superseded`
// and closed, and that tab stays without one until it is shown again, so
// that tabs never take turns closing each other's.
// Loaded only while someone is signed in (src/app's LiveEvents).
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { bookingKeys, conversationKeys, productKeys } from './query-keys'

/** A stream closed this long while the tab is hidden frees its connection; it reopens when shown. */
export const hiddenCloseDelay = 5 * 60 * 1000

/** What each event changes; reset changes all of it. */
export function changedBy(type: string, data: Record<string, unknown>): QueryKey[] {
  const conversationId = typeof data.conversation_id === 'number' ? data.conversation_id : undefined
  switch (type) {
    case 'message':
      return [
        conversationKeys.list(),
        conversationKeys.unread(),
        ...(conversationId === undefined
          ? [conversationKeys.details(), [...conversationKeys.all, 'messages']]
          : [conversationKeys.detail(conversationId), conversationKeys.messages(conversationId)]),
      ]
    case 'booking':
      // A conversation shows its booking's status and pickup time too.
      return [bookingKeys.all, productKeys.all, conversationKeys.list(), conversationKeys.details()]
    case 'reset':
      return [bookingKeys.all, productKeys.all, conversationKeys.all]
    default:
      return []
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

/** Opens the stream and follows it; answers the function that closes it. */
export function listen(client: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  let source: EventSource | undefined
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined

  const refetch = (type: string, data: Record<string, unknown>) => {
    for (const queryKey of changedBy(type, data)) void client.invalidateQueries({ queryKey })
  }
  const close = () => {
    source?.close()
    source = undefined
  }
  const open = () => {
    source = new EventSource('/api/events')
    for (const type of ['message', 'booking', 'reset']) {
      source.addEventListener(type, (event) => refetch(type, parse(event as MessageEvent)))
    }
    // Not reconnected until the tab is shown again (onVisibility).
    source.addEventListener('superseded', close)
    source.addEventListener('unread', (event) => {
      const { unread } = parse(event as MessageEvent)
      if (typeof unread === 'number') client.setQueryData(conversationKeys.unread(), { unread })
    })
  }
  const onVisibility = () => {
    clearTimeout(hiddenTimer)
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(close, hiddenCloseDelay)
    } else if (!source) {
      // A new stream has no Last-Event-ID: what happened meanwhile is fetched again.
      open()
      refetch('reset', {})
    }
  }

  open()
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearTimeout(hiddenTimer)
    document.removeEventListener('visibilitychange', onVisibility)
    close()
  }
}
