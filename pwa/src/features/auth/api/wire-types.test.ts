// The answers and bodies the account screens name are the API's OpenAPI
// document's (contract/openapi.json), not shapes written again here: a field
// the server does not send or take, or one it always sends taken as optional,
// fails `npm run typecheck`. The checks are types; vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest'
import type { ChangeEmailAnswer, ChangeEmailInput } from './change-email'
import type { ChangePasswordInput } from './change-password'
import type { ConfirmedEmail } from './confirm-email'
import type { ForgotPasswordAnswer } from './forgot-password'
import type { LoginInput } from './login'
import type { Providers } from './providers'
import type { ResetPasswordInput } from './reset-password'
import type { EmailConfirmationSent } from './send-email-confirmation'

// Never called: the values below are only type-checked.
function wrongShapes() {
  return [
    // @ts-expect-error: the server always says which link was opened
    { email: 'a@b.co' } satisfies ConfirmedEmail,
    // @ts-expect-error: and it is one of two kinds
    { email: 'a@b.co', kind: 'reset' } satisfies ConfirmedEmail,
    // @ts-expect-error: the providers are Google and mail, nothing else
    { google: true, mail: true, apple: false } satisfies Providers,
    // @ts-expect-error: a login is an email and a password
    { email: 'a@b.co', password: 'secret', remember: true } satisfies LoginInput,
  ]
}

describe('the account calls', () => {
  it('answer what the document gives', () => {
    expectTypeOf(wrongShapes).toBeFunction()
    expectTypeOf<ConfirmedEmail>().toEqualTypeOf<{ email: string; kind: 'change' | 'verification' }>()
    expectTypeOf<Providers>().toEqualTypeOf<{ google: boolean; mail: boolean }>()
    expectTypeOf<EmailConfirmationSent>().toEqualTypeOf<{ message: string }>()
    expectTypeOf<ChangeEmailAnswer>().toEqualTypeOf<{ message: string }>()
    expectTypeOf<ForgotPasswordAnswer>().toEqualTypeOf<{ message: string }>()
  })

  it('take the bodies the document gives', () => {
    expectTypeOf<LoginInput>().toEqualTypeOf<{ email: string; password: string }>()
    // An account made through Google has no current password to give.
    expectTypeOf<ChangePasswordInput>().toEqualTypeOf<{ current_password?: string; new_password: string }>()
    expectTypeOf<ChangeEmailInput>().toEqualTypeOf<{ email: string; password: string }>()
    expectTypeOf<ResetPasswordInput>().toEqualTypeOf<{ token: string; password: string }>()
  })
})
