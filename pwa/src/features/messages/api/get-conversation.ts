import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import type { Conversation } from '@/lib/types'

/** GET /api/conversations/{id}: 403 for anyone but its two people, 404 for none. */
export function getConversation(id: number, signal?: AbortSignal): Promise<Conversation> {
  return api.get('/conversations/{id}', { path: { id }, signal })
}

export const conversationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
    meta: { offline: { scope: 'private', group: 'conversation', limit: 30 } },
  })

export function useConversation(id: number | null) {
  return useQuery({ ...conversationQueryOptions(id ?? 0), enabled: id !== null })
}
