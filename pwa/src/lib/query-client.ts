import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api'
import { staleTime } from './first-screen'

const maxRetries = 3
const maxRetryDelay = 30_000

/** Retry up to three times, but never a 4xx: asking again will not change the answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false
  return failureCount < maxRetries
}

/** Exponential back-off from one second, capped at 30 seconds. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, maxRetryDelay)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Other people change what a screen shows (a new seller, a booking, a
        // sold product), so a screen refetches its data each time it is shown,
        // answering from the cache meanwhile; but not on its first showing
        // what was fetched for it as the app started (first-screen.ts).
        // Unused data is kept 5 minutes: the spec's "data cache lifetime" is
        // the library's default gcTime.
        staleTime,
        gcTime: 5 * 60 * 1000,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: {
        retry: false,
      },
    },
  })
}

export const queryClient = createQueryClient()
