import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { List, Product } from '@/lib/types'
import { defaultPageSize } from '@/lib/api/contract.gen'
import { advertisedKeys } from '@/lib/query-keys'

/** How many adverts the home page shows: the API's default page. */
export const advertisedLimit = defaultPageSize

/** GET /api/advertised: advertised available products, newest advert first (public). */
export function getAdvertised(limit: number, signal?: AbortSignal): Promise<List<Product>> {
  return api.get('/advertised', { query: { limit }, signal })
}

export const advertisedQueryOptions = (limit = advertisedLimit) =>
  queryOptions({
    queryKey: advertisedKeys.list(limit),
    queryFn: ({ signal }) => getAdvertised(limit, signal),
    meta: { offline: { scope: 'public', group: 'advertised', limit: 1 } },
  })

export function useAdvertised(limit = advertisedLimit) {
  return useQuery(advertisedQueryOptions(limit))
}
