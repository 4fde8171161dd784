import { useMutation } from '@tanstack/react-query'
import { api, type Answer, type Body } from '@/lib/api'

/** password: the current one; an account made through Google sets one first. */
export type ChangeEmailInput = Body<'/auth/email', 'post'>

/** message: where the link went; the email changes only once it is opened. */
export type ChangeEmailAnswer = Answer<'/auth/email', 'post'>

/**
 * POST /api/auth/email: 202, and a link is mailed to the new address. 422
 * with fields.email or fields.password; 409 when the marketplace cannot send mail.
 */
export function changeEmail(input: ChangeEmailInput): Promise<ChangeEmailAnswer> {
  return api.post('/auth/email', { body: input })
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail })
}
