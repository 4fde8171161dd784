import { queryOptions, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { postKeys } from '@/lib/query-keys'
import type { List, Post } from '@/lib/types'

/** GET /api/posts/{slug}: one post (anyone); 404 when there is none. */
export function getPost(slug: string, signal?: AbortSignal): Promise<Post> {
  return api.get('/posts/{post}', { path: { post: slug }, signal })
}

export const postQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: postKeys.detail(slug),
    queryFn: ({ signal }) => getPost(slug, signal),
    meta: { offline: { scope: 'public', group: 'post', limit: 30 } },
  })

/** The post, shown at once from the list it was opened from while it loads. */
export function usePost(slug: string) {
  const queryClient = useQueryClient()
  return useQuery({
    ...postQueryOptions(slug),
    placeholderData: () =>
      queryClient
        .getQueryData<InfiniteData<List<Post>>>(postKeys.list())
        ?.pages.flatMap((page) => page.items)
        .find((post) => post.slug === slug),
  })
}
