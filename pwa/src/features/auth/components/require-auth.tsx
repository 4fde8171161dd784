import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { paths } from '@/lib/paths'
import type { Role } from '@/lib/types'
import type { AuthRedirectState } from '../origin'
import { useUser } from '@/lib/auth'

interface GuardProps {
  /** What to show when allowed; defaults to the nested routes (<Outlet />). */
  children?: ReactNode
}

function useGuard(allowed: (role: Role) => boolean, children: ReactNode) {
  const { user, isLoading } = useUser()
  const location = useLocation()
  const online = useOnline()
  // Offline with no account saved on this device, the answer would never come.
  if (isLoading && !online) return <OfflineState what="Your account" />
  if (isLoading) return <PageSpinner label="Checking your account…" />
  if (!user || !allowed(user.role)) {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    }
    return <Navigate to={paths.login} replace state={state} />
  }
  return <>{children ?? <Outlet />}</>
}

/** Signed-in users only; others go to /login, which sends them back afterwards. */
export function RequireAuth({ children }: GuardProps) {
  return useGuard(() => true, children)
}

/** Users with this role only; anyone else goes to /login, remembering the page. */
export function RequireRole({ role, children }: GuardProps & { role: 'Admin' | 'Seller' }) {
  return useGuard((userRole) => userRole === role, children)
}
