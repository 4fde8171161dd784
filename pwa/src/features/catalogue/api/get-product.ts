import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Product } from '@/lib/types'
import { productKeys } from './query-keys'

/** GET /api/products/{id} (signed in); 404 for an unknown product. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/products/${id}`, { signal })
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  })

/** Pass null for an id that can't be one (the page shows "not found" without asking). */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null })
}
