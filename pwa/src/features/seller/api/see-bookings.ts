import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { refreshAfterWrite } from '@/lib/refresh'
import type { Booking } from '@/lib/types'

/** POST /api/mybuyers/seen: My Buyers showed the seller their bookings up to bookingId. */
export function seeBookings(bookingId: number): Promise<void> {
  return api.post('/mybuyers/seen', { body: { booking_id: bookingId } })
}

/**
 * Tells the server the newest new booking while My Buyers shows it: on opening, when a new one arrives, and when
 * the page is shown again (or the connection is back) with one it has not told. The top bar then stops counting
 * them, on every device of the seller's; the list keeps marking them until it is next fetched. Not queued offline:
 * a booking seen offline is told once it is on screen online.
 */
export function useSeeBookings(bookings: Booking[]) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const told = useRef(0)
  const { mutate } = useMutation({
    mutationFn: seeBookings,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'bookings.seen' }),
    onError: () => {
      told.current = 0 // tried again on the next booking or showing
    },
  })
  const newest = bookings.reduce((max, booking) => (booking.new && booking.id > max ? booking.id : max), 0)
  useEffect(() => {
    if (newest === 0 || !online) return
    const tell = () => {
      if (document.visibilityState !== 'visible' || told.current >= newest) return
      told.current = newest
      mutate(newest)
    }
    tell()
    document.addEventListener('visibilitychange', tell)
    return () => document.removeEventListener('visibilitychange', tell)
  }, [newest, online, mutate])
}
