import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Category, List } from '@/lib/types'
import { categoryKeys } from './query-keys'

/** GET /api/categories: every category, by name (public, not paged). */
export function getCategories(signal?: AbortSignal): Promise<List<Category>> {
  return api.get<List<Category>>('/categories', { signal })
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
