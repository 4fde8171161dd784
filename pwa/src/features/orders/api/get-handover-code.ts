import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { bookingKeys } from '@/lib/query-keys'

export interface HandoverCode {
  /** Six digits; the same every time it is asked for. */
  code: string
}

/**
 * GET /api/booked/{id}/handover: the buyer's code to show the seller at the
 * pickup; 409 once the booking is handed over, cancelled or declined.
 */
export function getHandoverCode(bookingId: number, signal?: AbortSignal): Promise<HandoverCode> {
  return api.get<HandoverCode>(`/booked/${encodeURIComponent(bookingId)}/handover`, { signal })
}

/** Kept on the device once seen: a pickup is often where the phone has no signal. */
export const handoverCodeQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.handoverCode(bookingId),
    queryFn: ({ signal }) => getHandoverCode(bookingId, signal),
    // It never changes while it can be used.
    staleTime: Infinity,
    meta: { offline: { scope: 'private', group: 'handover', limit: 20 } },
  })

export function useHandoverCode(bookingId: number) {
  return useQuery(handoverCodeQueryOptions(bookingId))
}

/** "123456" → "123 456": read aloud, or copied from another phone, in two groups of three. */
export function groupDigits(code: string): string {
  return code.replace(/^(\d{3})(\d{3})$/, '$1 $2')
}
