import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { User } from '@/lib/types'
import { startSession } from './login'

export interface ResetPasswordInput {
  /** From the link an admin made: /reset-password?token=… */
  token: string
  password: string
}

/**
 * POST /api/auth/password/reset: 200 with the user, who is then signed in as
 * after a login. 422 with fields.token when the link is unknown, expired or
 * used; with fields.password when the password breaks the account rules.
 */
export function resetPassword(input: ResetPasswordInput): Promise<User> {
  return api.post('/auth/password/reset', { body: input })
}

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: resetPassword, onSuccess: (user) => startSession(queryClient, user) })
}
