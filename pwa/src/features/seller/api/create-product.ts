import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { NewProduct, Product } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** POST /api/products: 201 with the product; 422 with field errors. Seller fields come from the account. */
export function createProduct(input: NewProduct): Promise<Product> {
  return api.post('/products', { body: input })
}

export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'product.created' }),
  })
}
