// Every category, shared by the screens that show them (the catalogue) and the
// form that files a product under one (the seller's): one query, one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api'
import { categoryKeys } from './query-keys'
import type { Category, List } from './types'

/** GET /api/categories: every category, by name (public, not paged). */
export function getCategories(signal?: AbortSignal): Promise<List<Category>> {
  return api.get('/categories', { signal })
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories(signal),
    meta: { offline: { scope: 'public', group: 'categories', limit: 1 } },
  })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
