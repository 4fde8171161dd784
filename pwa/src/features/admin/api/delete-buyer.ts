import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/buyers/{id}: 204; 404 when the account is not a buyer. */
export function deleteBuyer(id: number): Promise<void> {
  return api.delete('/buyers/{id}', { path: { id } })
}

export function useDeleteBuyer() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteBuyer, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.deleted' }) })
}
