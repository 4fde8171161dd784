import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import { reviewKeys } from '@/lib/query-keys'
import type { List, Review } from '@/lib/types'

/** Reviews a page holds: a seller's page shows a few, then more on request. */
export const reviewPageSize = 10

/** GET /api/users/{id}/reviews: the reviews others see of a person, newest first. */
export function getUserReviews(id: number, page: PageRequest, signal?: AbortSignal): Promise<List<Review>> {
  return api.get('/users/{id}/reviews', { path: { id }, query: page, signal })
}

export function useUserReviews(id: number | null) {
  return usePagedList({
    ...pagedListOptions(reviewKeys.ofUser(id ?? 0), (page, signal) => getUserReviews(id!, page, signal), reviewPageSize),
    enabled: id !== null,
  })
}
