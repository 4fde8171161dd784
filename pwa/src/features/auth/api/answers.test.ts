// The answers the account screens name are the API's OpenAPI document's
// (contract/openapi.json), not shapes written again here: a field the server
// does not send, or one it always sends taken as optional, fails `npm run
// typecheck`. The checks are types; vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest'
import type { ChangeEmailAnswer } from './change-email'
import type { ConfirmedEmail } from './confirm-email'
import type { ForgotPasswordAnswer } from './forgot-password'
import type { Providers } from './providers'
import type { EmailConfirmationSent } from './send-email-confirmation'

// Never called: the answers below are only type-checked.
function wrongAnswers() {
  return [
    // @ts-expect-error: the server always says which link was opened
    { email: 'a@b.co' } satisfies ConfirmedEmail,
    // @ts-expect-error: and it is one of two kinds
    { email: 'a@b.co', kind: 'reset' } satisfies ConfirmedEmail,
    // @ts-expect-error: the providers are Google and mail, nothing else
    { google: true, mail: true, apple: false } satisfies Providers,
  ]
}

describe('the account answers', () => {
  it('are the ones the document gives', () => {
    expectTypeOf(wrongAnswers).toBeFunction()
    expectTypeOf<ConfirmedEmail>().toEqualTypeOf<{ email: string; kind: 'change' | 'verification' }>()
    expectTypeOf<Providers>().toEqualTypeOf<{ google: boolean; mail: boolean }>()
    expectTypeOf<EmailConfirmationSent>().toEqualTypeOf<{ message: string }>()
    expectTypeOf<ChangeEmailAnswer>().toEqualTypeOf<{ message: string }>()
    expectTypeOf<ForgotPasswordAnswer>().toEqualTypeOf<{ message: string }>()
  })
})
