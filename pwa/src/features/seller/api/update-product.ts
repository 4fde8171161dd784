import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Product, ProductChanges } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/**
 * PATCH /api/products/{id}: only the fields given change (dimensions null
 * clears them); 200 with the product. 422 with field errors, 409 once sold.
 */
export function updateProduct(id: number, changes: ProductChanges): Promise<Product> {
  return api.patch('/products/{id}', { path: { id }, body: changes })
}

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProductChanges) => updateProduct(id, changes),
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'product.updated' }),
  })
}
