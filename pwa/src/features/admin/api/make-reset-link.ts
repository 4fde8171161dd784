import { useMutation } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'

/** url: <origin>/reset-password?token=…, valid for one hour, once. */
export type ResetLink = Answer<'/users/{id}/reset-link', 'post'>

/** POST /api/users/{id}/reset-link (admins): 201 with a link that sets a new password for that user. */
export function makeResetLink(id: number): Promise<ResetLink> {
  return api.post('/users/{id}/reset-link', { path: { id } })
}

export function useMakeResetLink() {
  return useMutation({ mutationFn: makeResetLink })
}
