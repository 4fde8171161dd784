import { useMutation } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'

/** message: the same whether or not the address has an account. */
export type ForgotPasswordAnswer = Answer<'/auth/password/forgot', 'post'>

/**
 * POST /api/auth/password/forgot: 202, and a reset link is mailed if the
 * address has an account. 422 with fields.email; 429 after too many asks.
 */
export function forgotPassword(email: string): Promise<ForgotPasswordAnswer> {
  return api.post('/auth/password/forgot', { body: { email } })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
