import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'

export interface ConfirmedEmail {
  /** The account's email from now on. */
  email: string
}

/**
 * POST /api/auth/email/confirm: 200 with the new address. 422 with
 * fields.token when the link is unknown, expired or used; 409 when another
 * account has taken the address meanwhile.
 */
export function confirmEmail(token: string): Promise<ConfirmedEmail> {
  return api.post<ConfirmedEmail>('/auth/email/confirm', { token })
}

/** Works signed in or not; a signed-in person's user is fetched again with the new address. */
export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  })
}
