import { matchQuery, queryOptions, useQuery, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'
import { handoverOpen } from '@/lib/handover'
import { bookingKeys } from '@/lib/query-keys'
import type { Booking, List } from '@/lib/types'

/** code: six digits, the same every time it is asked for. */
export type HandoverCode = Answer<'/booked/{id}/handover', 'get'>

/**
 * GET /api/booked/{id}/handover: the buyer's code to show the seller at the
 * pickup; 409 once the booking is handed over, cancelled or declined.
 */
export function getHandoverCode(bookingId: number, signal?: AbortSignal): Promise<HandoverCode> {
  return api.get('/booked/{id}/handover', { path: { id: bookingId }, signal })
}

/** How many codes are kept on the device: those of the newest bookings that may still be handed over. */
export const handoverCodesKept = 20

/** Kept on the device: a pickup is often where the phone has no signal. */
export const handoverCodeQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.handoverCode(bookingId),
    queryFn: ({ signal }) => getHandoverCode(bookingId, signal),
    // It never changes while it can be used.
    staleTime: Infinity,
    meta: { offline: { scope: 'private', group: 'handover', limit: handoverCodesKept } },
  })

/**
 * Whenever the buyer's bookings come from the server (My Orders, or one
 * booking), fetches the code of each that may still be handed over, so it
 * is on the device before the buyer ever opens it: the buyer at a pickup
 * without signal can still show it. Each code is fetched once (one kept on
 * the device counts). Returns the function that stops.
 */
export function keepHandoverCodes(client: QueryClient): () => void {
  const keep = (query: Query) => {
    const open = buyersBookings(query).filter(handoverOpen).slice(0, handoverCodesKept)
    for (const booking of open) {
      client.ensureQueryData(handoverCodeQueryOptions(booking.id)).catch(() => {
        // Handed over or ended meanwhile: its dialog says so when opened.
      })
    }
  }
  // What came before this started (it loads with the signed-in code, maybe after My Orders).
  for (const query of client.getQueryCache().findAll({ queryKey: bookingKeys.mine() })) keep(query)
  return client.getQueryCache().subscribe((event) => {
    // Not a list changed by hand (a row updated after a write, or put back from the device).
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) keep(event.query)
  })
}

/** The bookings a query of the buyer's holds, newest first: My Orders' pages, or one booking. */
function buyersBookings(query: Query): Booking[] {
  if (matchQuery({ queryKey: bookingKeys.list(), exact: true }, query)) {
    const data = query.state.data as InfiniteData<List<Booking>> | undefined
    return data?.pages.flatMap((page) => page.items) ?? []
  }
  if (matchQuery({ queryKey: [...bookingKeys.mine(), 'detail'] }, query)) {
    const booking = query.state.data as Booking | undefined
    return booking ? [booking] : []
  }
  return []
}

export function useHandoverCode(bookingId: number) {
  return useQuery(handoverCodeQueryOptions(bookingId))
}

/** "123456" → "123 456": read aloud, or copied from another phone, in two groups of three. */
export function groupDigits(code: string): string {
  return code.replace(/^(\d{3})(\d{3})$/, '$1 $2')
}
