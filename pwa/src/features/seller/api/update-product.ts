import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Product, ProductChanges } from '@/lib/types'
import { advertisedKeys, productKeys } from '@/lib/query-keys'

/**
 * PATCH /api/products/{id}: only the fields given change (dimensions null
 * clears them); 200 with the product. 422 with field errors, 409 once sold.
 */
export function updateProduct(id: number, changes: ProductChanges): Promise<Product> {
  return api.patch<Product>(`/products/${encodeURIComponent(id)}`, changes)
}

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProductChanges) => updateProduct(id, changes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        // An advertised product shows on the home page with its name, price and cover.
        queryClient.invalidateQueries({ queryKey: advertisedKeys.all }),
      ]),
  })
}
