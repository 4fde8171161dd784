import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import type { List, Message } from '@/lib/types'

/** Messages per page; the server's default. */
export const messagesPageSize = 50

/**
 * GET /api/conversations/{id}/messages: the newest `limit` messages before
 * `before` (or the newest of all), oldest first; total counts them all.
 * Reading them changes nothing: the thread marks them read (mark-read.ts).
 */
export function getMessages(id: number, before: number | undefined, signal?: AbortSignal): Promise<List<Message>> {
  return api.get('/conversations/{id}/messages', { path: { id }, query: { limit: messagesPageSize, before }, signal })
}

/** The next page goes back in time: before the oldest message loaded. */
export function olderPage(pages: List<Message>[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0)
  const oldest = pages.at(-1)?.items[0]
  return oldest && loaded < (pages.at(-1)?.total ?? 0) ? oldest.id : undefined
}

export const messagesQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam, signal }) => getMessages(id, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (_last, pages) => olderPage(pages),
    meta: { offline: { scope: 'private', group: 'messages', limit: 30 } },
  })

/** Every loaded message once, oldest first (pages come newest first). */
export function oldestFirst(data: InfiniteData<List<Message>> | undefined): Message[] {
  const seen = new Set<number>()
  const messages: Message[] = []
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue
      seen.add(message.id)
      messages.push(message)
    }
  }
  return messages.sort((a, b) => a.id - b.id)
}

/** The thread's messages, oldest first. */
export function useMessages(id: number) {
  const query = useInfiniteQuery(messagesQueryOptions(id))
  return { query, messages: oldestFirst(query.data) }
}
