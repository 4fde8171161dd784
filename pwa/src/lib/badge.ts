// The top bar's counts (GET /api/conversations/unread) have two sources: the
// unread messages, which the server also tells as a number (the `unread`
// event, the answer of marking a conversation read), and the seller's new
// bookings, which only a refetch brings. A new number of unread messages
// keeps the bookings' count.
import type { QueryClient } from '@tanstack/react-query'
import { conversationKeys } from './query-keys'
import type { Badge } from './types'

/** Sets the unread messages of the badge, once it has been fetched; until then its own fetch brings both. */
export function setUnreadMessages(client: QueryClient, unread: number): void {
  client.setQueryData<Badge>(conversationKeys.unread(), (badge) => badge && { ...badge, unread })
}
