import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { productKeys } from '@/lib/query-keys'
import type { List, Product } from '@/lib/types'
import { categoryPageSize, nextOffset } from './get-category-products'

/** GET /api/products?sort=newest: one page of the newest Available and Reserved listings of every category. */
export function getJustListed(offset: number, signal?: AbortSignal): Promise<List<Product>> {
  return api.get('/products', {
    query: { sort: 'newest', limit: categoryPageSize, offset },
    signal,
  })
}

export const justListedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: productKeys.newest(),
    queryFn: ({ pageParam, signal }) => getJustListed(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    // Its first pages (saved-rows.ts keeps five) open offline like a category's.
    meta: { offline: { scope: 'public', group: 'just-listed', limit: 1 } },
  })

export function useJustListed() {
  return useInfiniteQuery(justListedQueryOptions())
}
