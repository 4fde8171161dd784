import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'
import type { SuspendInput, User } from '@/lib/types'

/**
 * POST /api/users/{id}/suspend: 200 with the account, suspended_until set. Its sessions end and its listings are
 * hidden until then; an admin's account is refused (409), as are days outside 1–365 or no reason (422).
 */
export function suspendUser({ id, ...input }: SuspendInput & { id: number }): Promise<User> {
  return api.post('/users/{id}/suspend', { path: { id }, body: input })
}

/** DELETE /api/users/{id}/suspend: 200 with the account, no longer suspended. */
export function unsuspendUser(id: number): Promise<User> {
  return api.delete('/users/{id}/suspend', { path: { id } })
}

export function useSuspendUser() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: suspendUser, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.suspended' }) })
}

export function useUnsuspendUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unsuspendUser,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'account.suspended' }),
  })
}
