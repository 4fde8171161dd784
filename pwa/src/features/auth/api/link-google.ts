import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { User } from '@/lib/types'
import { startSession } from './login'

/**
 * POST /api/auth/google/link: the Google sign-in waiting in this browser's
 * session is linked to the account with its email, given that account's
 * password, and the person is signed in as after a login. 401 with
 * fields.password for a wrong one (429 past the login limits); 409 when no
 * sign-in waits any more (it expired, or was spent).
 */
export function linkGoogle(password: string): Promise<User> {
  return api.post('/auth/google/link', { body: { password } })
}

export function useLinkGoogle() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: linkGoogle, onSuccess: (user) => startSession(queryClient, user) })
}
