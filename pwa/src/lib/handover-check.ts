// The seller's device tells a mistyped handover code at once, offline too,
// by the check the server gives each open booking in My Buyers
// (handover_check): the first bits of SHA-256 over a fixed domain, the
// booking's id and the code, as the server's app.HandoverCheckOf computes
// them. Only a few bits, on purpose: they catch nearly every typo while
// leaving thousands of codes that agree with the check, so the device
// cannot learn the code (docs/api.md, "The handover check").
import { maxHandoverCheck } from './api/contract.gen'
import type { Booking } from './types'

const checkBits = Math.log2(maxHandoverCheck + 1)

/**
 * The check of `code` for booking `bookingId`; undefined where the browser
 * cannot hash (Web Crypto is there only on https and localhost).
 */
export async function handoverCheck(bookingId: number, code: string): Promise<number | undefined> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) return undefined
  const hashed = new TextEncoder().encode(`rehome-handover\u0000${bookingId}\u0000${code}`)
  const sum = new DataView(await subtle.digest('SHA-256', hashed))
  return sum.getUint16(0) >> (16 - checkBits)
}

/**
 * Whether `code` surely is not the booking's. False when it cannot tell: the
 * booking came without a check (a buyer's answer, or a booking older than
 * checks), or the browser cannot hash; the server then decides as before.
 */
export async function surelyNotTheCode(booking: Pick<Booking, 'id' | 'handover_check'>, code: string): Promise<boolean> {
  if (booking.handover_check === undefined) return false
  const check = await handoverCheck(booking.id, code)
  return check !== undefined && check !== booking.handover_check
}
