import { queryOptions, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { api } from './api'
import type { List, Product } from './types'
import { advertisedKeys, productKeys } from './query-keys'

/** GET /api/products/{id} (signed in); 404 for an unknown product. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get('/products/{id}', { path: { id }, signal })
}

/**
 * A product, for every screen that shows one (its page, the seller's Edit):
 * one cache entry, kept on the device alike whichever screen fetched it.
 */
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    meta: { offline: { scope: 'public', group: 'product', limit: 100 } },
  })

/**
 * The product as a category list, a search or the adverts already hold it,
 * and when that list was fetched: a card's product page opens at once, and
 * offline from the saved lists, while its own answer loads.
 */
export function listedProduct(client: QueryClient, id: number): { product: Product; updatedAt: number } | undefined {
  const lists = [
    ...[productKeys.categoryLists(), productKeys.searches()].flatMap((queryKey) =>
      client
        .getQueriesData<InfiniteData<List<Product>>>({ queryKey })
        .map(([key, data]) => [key, data?.pages.flatMap((page) => page.items)] as const),
    ),
    ...client.getQueriesData<List<Product>>({ queryKey: advertisedKeys.all }).map(([key, data]) => [key, data?.items] as const),
  ]
  for (const [key, products] of lists) {
    const product = products?.find((p) => p.id === id)
    if (product) return { product, updatedAt: client.getQueryState(key)?.dataUpdatedAt ?? 0 }
  }
  return undefined
}

/** Pass null for an id that can't be one (the page shows "not found" without asking). */
export function useProduct(id: number | null) {
  const client = useQueryClient()
  const listed = id === null ? undefined : listedProduct(client, id)
  return useQuery({
    ...productQueryOptions(id ?? 0),
    enabled: id !== null,
    initialData: listed?.product,
    initialDataUpdatedAt: listed?.updatedAt,
  })
}
