import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Body } from '@/lib/api'
import type { User } from '@/lib/types'
import { startSession } from './login'

/** token: from the link an admin made (/reset-password?token=…) or mailed. */
export type ResetPasswordInput = Body<'/auth/password/reset', 'post'>

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
