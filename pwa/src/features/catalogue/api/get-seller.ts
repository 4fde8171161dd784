import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { productKeys, sellerKeys } from '@/lib/query-keys'
import type { List, Product, SellerProfile } from '@/lib/types'
import { categoryPageSize, nextOffset } from './get-category-products'

/** GET /api/users/{id}/profile: the seller's card; 404 for no seller with this id. */
export function getSellerProfile(id: number, signal?: AbortSignal): Promise<SellerProfile> {
  return api.get('/users/{id}/profile', { path: { id }, signal })
}

export function useSellerProfile(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: sellerKeys.profile(id ?? 0),
      queryFn: ({ signal }) => getSellerProfile(id!, signal),
      enabled: id !== null,
    }),
  )
}

/** GET /api/products?seller={id}: one page of the seller's listings for sale, newest first. */
export function getSellerProducts(id: number, offset: number, signal?: AbortSignal): Promise<List<Product>> {
  return api.get('/products', {
    query: { seller: id, sort: 'newest', limit: categoryPageSize, offset },
    signal,
  })
}

export function useSellerProducts(id: number | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: productKeys.bySeller(id ?? 0),
      queryFn: ({ pageParam, signal }) => getSellerProducts(id!, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextOffset(pages),
      enabled: id !== null,
    }),
  )
}
