import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { nextOffset, pageSize } from '@/lib/paged-list'
import { productKeys } from '@/lib/query-keys'
import type { SearchResult } from '@/lib/types'
import { filtersToParams, type SearchFilters } from '../filters'

/** How many searches are kept on the device; the least recently fetched go first. */
export const savedSearchesLimit = 10

/** A page of a search, and a spelling to try when nothing matched ('tabel' → 'table'). */
/**
 * GET /api/products (signed in): one page of the listings matching the
 * search's parameters (its address's query string); 422 with `fields` naming
 * a bad one.
 */
export function searchProducts(params: string, offset: number, signal?: AbortSignal): Promise<SearchResult> {
  const query = new URLSearchParams(params)
  query.set('limit', String(pageSize))
  query.set('offset', String(offset))
  return api.get('/products', { query, signal })
}

export const searchQueryOptions = (filters: SearchFilters) => {
  const params = filtersToParams(filters).toString()
  return infiniteQueryOptions({
    queryKey: productKeys.search(params),
    queryFn: ({ pageParam, signal }) => searchProducts(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextOffset(lastPage, lastOffset),
    // Kept like a category's pages: offline, they are among the listings searched.
    meta: { offline: { scope: 'public', group: 'search', limit: savedSearchesLimit } },
  })
}

export function useSearchProducts(filters: SearchFilters) {
  return useInfiniteQuery(searchQueryOptions(filters))
}
