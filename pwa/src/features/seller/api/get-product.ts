import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Product } from '@/lib/types'
import { productKeys } from '@/lib/query-keys'

/** GET /api/products/{id}, for the Edit screen's form; the same cache entry as the product page. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal })
}

export const editedProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  })

export function useEditedProduct(id: number | null) {
  return useQuery({ ...editedProductQueryOptions(id ?? 0), enabled: id !== null })
}
