import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/**
 * email: the account's email from now on; kind: change (the account moved
 * to this email) or verification (its email is confirmed).
 */
export type ConfirmedEmail = Answer<'/auth/email/confirm', 'post'>

/**
 * POST /api/auth/email/confirm, for both links opened at /confirm-email:
 * 200 with the address and the kind of link. 422 with fields.token when the
 * link is unknown, expired or used; 409 when another account has taken the
 * new address meanwhile.
 */
export function confirmEmail(token: string): Promise<ConfirmedEmail> {
  return api.post('/auth/email/confirm', { body: { token } })
}

/** Works signed in or not; a signed-in person's user is fetched again with the new address. */
export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'email.confirmed' }),
  })
}
