// The server's rules for a new account (app/user.go), checked in the browser
// first so a form that would be refused is never sent.

/** The server's minimum, counted in characters (runes), not UTF-16 units. */
export const minPasswordLength = 8
/** bcrypt reads at most 72 bytes; the server refuses longer passwords. */
export const maxPasswordBytes = 72

export const emailMessage = 'Enter a valid email address'

/** A bare address with a dot in its domain, as the server accepts: 'sam@example.com'. */
export function isEmailAddress(value: string): boolean {
  const email = value.trim()
  return email.length <= 254 && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/.test(email)
}

/** The password's problem, or true when the server will take it. */
export function checkPassword(value: string): true | string {
  if (Array.from(value).length < minPasswordLength) return `Use at least ${minPasswordLength} characters`
  if (new TextEncoder().encode(value).length > maxPasswordBytes) return `Use at most ${maxPasswordBytes} bytes`
  return true
}
