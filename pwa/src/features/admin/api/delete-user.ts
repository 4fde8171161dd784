import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/users/{id}: 204; 409 for your own account or the last admin. */
export function deleteUser(id: number): Promise<void> {
  return api.delete('/users/{id}', { path: { id } })
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteUser, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.deleted' }) })
}
