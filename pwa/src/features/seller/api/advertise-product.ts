import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Product } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** POST /api/advertised: 201 with the product; 409 when sold or already advertised (the UI does not offer it then). */
export function advertiseProduct(productId: number): Promise<Product> {
  return api.post('/advertised', { body: { product_id: productId } })
}

export function useAdvertiseProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: advertiseProduct,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'product.advertised' }),
  })
}
