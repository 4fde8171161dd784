import { useMutation } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'

/** message: where the link went. */
export type EmailConfirmationSent = Answer<'/auth/email/verify', 'post'>

/**
 * POST /api/auth/email/verify: 202, and a "Confirm your email" link goes to
 * the account's email, voiding the one sent before. 409 when the email is
 * confirmed already or the marketplace cannot send mail; 429 past 5 an hour.
 */
export function sendEmailConfirmation(): Promise<EmailConfirmationSent> {
  return api.post('/auth/email/verify')
}

export function useSendEmailConfirmation() {
  return useMutation({ mutationFn: sendEmailConfirmation })
}
