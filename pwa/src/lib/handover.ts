// The handover: at the pickup the buyer shows a code (My Orders) and the
// seller enters it (My Buyers); the booking is then paid, unless it was paid
// by card already, and the product sold. The server decides; this mirrors
// its rule only to offer the buttons.
import type { Booking } from './types'

/**
 * Whether the booking may still be handed over: booked, or paid and not
 * handed over yet. An answer saved before handovers (no handed_over_at)
 * counts as handed over when paid.
 */
export function handoverOpen(booking: Booking): boolean {
  return booking.status === 'Booked' || (booking.status === 'Paid' && booking.handed_over_at === null)
}
