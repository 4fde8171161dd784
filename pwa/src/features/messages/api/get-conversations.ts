import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import { conversationKeys } from '@/lib/query-keys'
import type { Conversation, List } from '@/lib/types'

/** GET /api/conversations: the signed-in person's conversations, newest activity first. */
export function getConversations(page: PageRequest, signal?: AbortSignal): Promise<List<Conversation>> {
  return api.get('/conversations', { query: page, signal })
}

export const conversationsQueryOptions = () => ({
  ...pagedListOptions(conversationKeys.list(), getConversations),
  meta: { offline: { scope: 'private', group: 'conversations', limit: 1 } } as const,
})

export function useConversations() {
  return usePagedList(conversationsQueryOptions())
}
