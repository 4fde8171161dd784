import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/products/{id}: 204; the server also removes its advert and cancels open bookings. */
export function deleteProduct(id: number): Promise<void> {
  return api.delete('/products/{id}', { path: { id } })
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'product.deleted' }),
  })
}
