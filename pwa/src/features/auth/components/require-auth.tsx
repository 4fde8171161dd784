import type { ReactNode } from 'react'
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Role } from '@/lib/types'
import { useDocumentTitle } from '@/lib/use-document-title'
import { isForgettingSession } from '../forgetting'
import type { AuthRedirectState } from '../origin'
import { useUser } from '@/lib/auth'
import { useSite } from '@/lib/site'

interface GuardProps {
  /** What to show when allowed; defaults to the nested routes (<Outlet />). */
  children?: ReactNode
  /** What a visitor sent to /login logs in for ('Log in to start selling'), said there. */
  reason?: string
}

/**
 * What a signed-in person sees on a page their role may not open: why, and
 * a way on. The login form would be no answer: they are signed in.
 */
function NotForYou({ role, canStartSelling }: { role: 'Admin' | 'Seller'; canStartSelling: boolean }) {
  const i18n = useI18n()
  const title =
    role === 'Admin'
      ? i18n._({ id: 'guard.forAdmins', message: 'This page is for admins' })
      : i18n._({ id: 'guard.forSellers', message: 'This page is for sellers' })
  useDocumentTitle(title)
  return (
    <EmptyState
      title={title}
      action={
        role === 'Seller' && canStartSelling ? (
          <Link to={paths.sell} className={buttonClasses()}>
            {i18n._({ id: 'guard.startSelling', message: 'Start selling' })}
          </Link>
        ) : (
          <Link to={paths.home} className={buttonClasses({ variant: 'secondary' })}>
            {i18n._({ id: 'guard.backHome', message: 'Back to the home page' })}
          </Link>
        )
      }
    >
      {role === 'Admin'
        ? i18n._({ id: 'guard.adminsOnly', message: 'Admins look after the marketplace. Your account cannot open this page.' })
        : canStartSelling
          ? i18n._({
              id: 'guard.canStartSelling',
              message: 'Sellers list and manage their products here. Your account can sell too: start selling in one tap.',
            })
          : i18n._({
              id: 'guard.notASeller',
              message: 'Sellers list and manage their products here. Your account is not a seller account.',
            })}
    </EmptyState>
  )
}

function useGuard(allowed: (role: Role) => boolean, children: ReactNode, role?: 'Admin' | 'Seller', reason?: string) {
  const i18n = useI18n()
  const { user, isLoading } = useUser()
  const location = useLocation()
  const online = useOnline()
  // Offline with no account saved on this device, the answer would never come.
  if (isLoading && !online) return <OfflineState what={i18n._({ id: 'guard.offline', message: 'Your account' })} />
  if (isLoading) return <PageSpinner label={i18n._({ id: 'guard.checking', message: 'Checking your account…' })} />
  if (user && !allowed(user.role) && role) return <NotForYou role={role} canStartSelling={user.role === 'Buyer'} />
  if (!user && isForgettingSession()) return null
  if (!user || !allowed(user.role)) {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      ...(reason ? { reason } : {}),
    }
    return <Navigate to={paths.login} replace state={state} />
  }
  return <>{children ?? <Outlet />}</>
}

/** Signed-in users only; others go to /login, which sends them back afterwards. */
export function RequireAuth({ children, reason }: GuardProps) {
  return useGuard(() => true, children, undefined, reason)
}

/**
 * Users with this role only: a signed-out visitor goes to /login, which
 * remembers the page; a signed-in one of another role is told why not.
 */
export function RequireRole({ role, children }: GuardProps & { role: 'Admin' | 'Seller' }) {
  return useGuard((userRole) => userRole === role, children, role)
}

/**
 * The pages that show listings: for anyone signed in, and for every visitor
 * too when the site's admins made the listings public. Until the site's
 * settings answer, a visitor waits rather than being sent to /login for
 * nothing.
 */
export function RequireBrowse({ children }: GuardProps) {
  const i18n = useI18n()
  const { site, isLoading } = useSite()
  const { user } = useUser()
  const online = useOnline()
  const guarded = useGuard(() => true, children)
  if (site.public_listings) return <>{children ?? <Outlet />}</>
  if (!user && isLoading && online) return <PageSpinner label={i18n._({ id: 'guard.loading', message: 'Loading…' })} />
  return guarded
}
