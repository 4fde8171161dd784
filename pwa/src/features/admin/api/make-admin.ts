import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { User } from '@/lib/types'
import { refreshAfterWrite } from '@/lib/refresh'

/** PUT /api/users/admin/{id}: 200 with the user, now Admin. There is no way back. */
export function makeAdmin(id: number): Promise<User> {
  // {user}: the path's GET names an account by email, this PUT by id.
  return api.put('/users/admin/{user}', { path: { user: id } })
}

export function useMakeAdmin() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: makeAdmin, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.changed' }) })
}
