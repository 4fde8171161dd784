import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { List, Product } from '@/lib/types'
import { productKeys } from '@/lib/query-keys'

/** GET /api/myproducts/{email}: the seller's products in any status, newest first. */
export function getMyProducts(email: string, page: PageRequest, signal?: AbortSignal): Promise<List<Product>> {
  return api.get('/myproducts/{email}', { path: { email }, query: page, signal })
}

export const myProductsQueryOptions = (email: string) =>
  pagedListOptions(productKeys.mine(email), (page, signal) => getMyProducts(email, page, signal))

export function useMyProducts(email: string) {
  return usePagedList(myProductsQueryOptions(email))
}
