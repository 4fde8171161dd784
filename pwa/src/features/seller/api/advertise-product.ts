import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Product } from '@/lib/types'
import { advertisedKeys, productKeys } from '@/lib/query-keys'

/** POST /api/advertised: 201 with the product; 409 when sold or already advertised (the UI does not offer it then). */
export function advertiseProduct(productId: number): Promise<Product> {
  return api.post<Product>('/advertised', { product_id: productId })
}

export function useAdvertiseProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: advertiseProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: advertisedKeys.all }),
        // Each product says whether it is advertised (My Products disables the button).
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  })
}
