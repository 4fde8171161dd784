// A no-show: two hours after the agreed pickup time, either side of an open
// booking may say the other did not come (the buyer on My Orders, the seller
// on My Buyers). The booking ends, the next buyer in the queue is told, and
// the one who did not come has it counted on their page for a year. The
// server decides; this mirrors its rule only to offer the buttons.
import { useEffect, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './api'
import { refreshAfterWrite } from './refresh'
import type { Booking } from './types'
import type { ReviewSide } from './write-review'

/** How long after the agreed pickup time a no-show may be said. */
export const noShowAfter = 2 * 60 * 60 * 1000

/** Whether a no-show may be said now: the booking still open, its pickup time agreed and two hours past. */
export function noShowOpen(booking: Booking, now = Date.now()): boolean {
  if (booking.status !== 'Booked' || !booking.pickup_at) return false
  const pickup = Date.parse(booking.pickup_at)
  return !Number.isNaN(pickup) && now - pickup >= noShowAfter
}

// setTimeout's longest delay; a later moment is waited for in steps.
const longestDelay = 2 ** 31 - 1

/** noShowOpen, which turns true on screen when the two hours pass while it shows. */
export function useNoShowOpen(booking: Booking): boolean {
  const [tick, setTick] = useState(0)
  const open = noShowOpen(booking)
  const pickup = booking.status === 'Booked' && booking.pickup_at ? Date.parse(booking.pickup_at) : NaN
  useEffect(() => {
    if (open || Number.isNaN(pickup)) return
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(pickup + noShowAfter - Date.now(), longestDelay))
    return () => clearTimeout(timer)
    // tick: a timer that fired a little early waits again for the rest.
  }, [open, pickup, tick])
  return open
}

/** The side that did not come to a booking that ended so, or null. */
export function noShowBy(booking: Booking): ReviewSide | null {
  return booking.no_show === 'buyer' || booking.no_show === 'seller' ? booking.no_show : null
}

/** POST /api/no-shows/{booking_id}/answer: the booking, with the one answer its marked person may add. */
export function answerNoShow({ id, answer }: { id: number; answer: string }): Promise<Booking> {
  return api.post('/no-shows/{booking_id}/answer', { path: { booking_id: id }, body: { answer } })
}

/** DELETE /api/no-shows/{booking_id}: 204; an admin took the no-show back, the reason in the audit log. */
export function removeNoShow({ id, reason }: { id: number; reason: string }): Promise<void> {
  return api.delete('/no-shows/{booking_id}', { path: { booking_id: id }, body: { reason } })
}

// Either changes the booking and the profile it counts on.
function useNoShowChange<T>(change: (variables: T & { id: number }) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (_, { id }) => refreshAfterWrite(queryClient, { kind: 'booking.noshow', booking_id: id }),
  })
}

export const useAnswerNoShow = () => useNoShowChange(answerNoShow)
export const useRemoveNoShow = () => useNoShowChange(removeNoShow)
