import type { Location } from 'react-router-dom'
import { paths } from '@/lib/paths'

/** What the guards put in location.state when they send someone to /login. */
export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>
  /** What the visitor logs in for ('Log in to book'), said on the login page. */
  reason?: string
}

/** Where to go after signing in: the page the guard came from, or home. */
export function originFrom(state: unknown): string {
  const from = (state as AuthRedirectState | null)?.from
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.register) return paths.home
  return from.pathname + (from.search ?? '') + (from.hash ?? '')
}
