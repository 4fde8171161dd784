// The server's rules for a new account (app/user.go), checked in the browser
// first so a form that would be refused is never sent.
import { maxPasswordBytes, minPasswordLength } from '@/lib/api/contract.gen'
import { i18n } from '@/lib/i18n'

// The minimum counts characters (runes), not UTF-16 units; the maximum bytes,
// as bcrypt reads at most 72.
export { minPasswordLength }

/** Said under an email field whose text is no address, in the language shown now. */
export function emailMessage(): string {
  return i18n._({ id: 'account.invalidEmail', message: 'Enter a valid email address' })
}

/** A bare address with a dot in its domain, as the server accepts: 'sam@example.com'. */
export function isEmailAddress(value: string): boolean {
  const email = value.trim()
  return email.length <= 254 && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/.test(email)
}

/** The password's problem, or true when the server will take it. */
export function checkPassword(value: string): true | string {
  if (Array.from(value).length < minPasswordLength)
    return i18n._({
      id: 'account.passwordTooShort',
      message: 'Use at least {count} characters',
      values: { count: minPasswordLength },
    })
  if (new TextEncoder().encode(value).length > maxPasswordBytes)
    return i18n._({ id: 'account.passwordTooLong', message: 'Use at most {count} bytes', values: { count: maxPasswordBytes } })
  return true
}
