import { Navigate, useLocation } from 'react-router-dom'

/**
 * /dashboard/dashboard/x → /dashboard/x, keeping the rest of the path (as
 * written, still encoded), the query and the hash.
 */
export function DoubledPrefixRedirect() {
  const { pathname, search, hash } = useLocation()
  const to = pathname.replace(/^\/dashboard\/dashboard(?=\/|$)/, '/dashboard') + search + hash
  return <Navigate to={to} replace />
}
