import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { useForgetSession } from './logout'

/**
 * DELETE /api/auth/me: 204; the account, its listings and adverts are gone,
 * every session ends. 422 with fields.password; 409 for the last admin; 429
 * after too many wrong passwords. An account made through Google without a
 * password sends an empty one.
 */
export function deleteAccount(password: string): Promise<void> {
  return api.delete('/auth/me', { body: { password } })
}

/** Deletes the account, then forgets this browser's session as a logout does. */
export function useDeleteAccount() {
  const forgetSession = useForgetSession()
  return useMutation({ mutationFn: deleteAccount, onSuccess: forgetSession })
}
