import { useQuery } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'

/** mail: the marketplace can send email (reset links by mail, email changes). */
export type Providers = Answer<'/auth/providers', 'get'>

/** GET /api/auth/providers: the sign-in providers this marketplace offers, and whether it sends mail. */
export function providers(): Promise<Providers> {
  return api.get('/auth/providers')
}

/**
 * Which provider buttons to show. They change only when the server is set up
 * again, so once known they are kept; a failure shows none.
 */
export function useProviders() {
  return useQuery({ queryKey: authKeys.providers(), queryFn: providers, staleTime: Infinity, retry: false })
}
