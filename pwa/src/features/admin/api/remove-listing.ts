import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/products/{id}: removes the listing itself, with its reports and advert. */
export function removeListing(productId: number): Promise<void> {
  return api.delete('/products/{id}', { path: { id: productId } })
}

export function useRemoveListing() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: removeListing, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'listing.removed' }) })
}
