import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { User } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** PUT /api/users/admin/{id}: 200 with the user, now Admin. There is no way back. */
export function makeAdmin(id: number): Promise<User> {
  return api.put<User>(`/users/admin/${encodeURIComponent(id)}`)
}

export function useMakeAdmin() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: makeAdmin, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.changed' }) })
}
