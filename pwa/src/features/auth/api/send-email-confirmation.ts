import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'

export interface EmailConfirmationSent {
  /** Where the link went. */
  message: string
}

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
