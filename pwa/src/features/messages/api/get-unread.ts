import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'

/** GET /api/conversations/unread: messages to the signed-in person not read yet, across all conversations. */
export function getUnread(signal?: AbortSignal): Promise<{ unread: number }> {
  return api.get<{ unread: number }>('/conversations/unread', { signal })
}

export const unreadQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.unread(), queryFn: ({ signal }) => getUnread(signal) })

/** The count, 0 until known; asks only when `enabled` (someone is signed in). */
export function useUnread(enabled: boolean): number {
  return useQuery({ ...unreadQueryOptions(), enabled }).data?.unread ?? 0
}
