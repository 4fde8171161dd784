import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/sellers/{id}: 204; the seller's products go with the account. */
export function deleteSeller(id: number): Promise<void> {
  return api.delete('/sellers/{id}', { path: { id } })
}

export function useDeleteSeller() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteSeller, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.deleted' }) })
}
