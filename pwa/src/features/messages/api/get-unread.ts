import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import type { Badge } from '@/lib/types'

/** GET /api/conversations/unread: messages to the signed-in person not read yet, across all conversations, and their new bookings as a seller. */
export function getUnread(signal?: AbortSignal): Promise<Badge> {
  return api.get('/conversations/unread', { signal })
}

export const unreadQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.unread(), queryFn: ({ signal }) => getUnread(signal) })

/** The counts, 0 until known; asks only when `enabled` (someone is signed in). */
export function useUnread(enabled: boolean): Badge {
  const { data } = useQuery({ ...unreadQueryOptions(), enabled })
  return { unread: data?.unread ?? 0, bookings: data?.bookings ?? 0 }
}
