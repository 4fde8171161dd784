import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import { postKeys } from '@/lib/query-keys'
import type { List, Post } from '@/lib/types'

/** Posts are read one screen at a time; most communities write a few a month. */
export const postsPageSize = 10

/** GET /api/posts: the community's posts, newest first (anyone). */
export function getPosts(page: PageRequest, signal?: AbortSignal): Promise<List<Post>> {
  return api.get('/posts', { query: page, signal })
}

export const postsQueryOptions = () => ({
  ...pagedListOptions(postKeys.list(), getPosts, postsPageSize),
  // The first pages open offline, like the catalogue's lists.
  meta: { offline: { scope: 'public', group: 'posts', limit: 1 } } as const,
})

export function usePosts() {
  return usePagedList(postsQueryOptions())
}
