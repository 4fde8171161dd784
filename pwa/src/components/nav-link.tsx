import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'

interface NavLinkProps {
  to: string
  /** Active only on `to` itself, not on the pages under it. */
  end?: boolean
  className: (state: { isActive: boolean }) => string
  onClick?: () => void
  children: ReactNode
}

/** Whether `pathname` is `to` or, unless `end`, a page under it (as React Router's NavLink matches, ignoring case). */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase()
  const target = to.toLowerCase()
  if (here === target) return true
  if (end) return false
  const prefix = target.endsWith('/') ? target : `${target}/`
  return here.startsWith(prefix)
}

/**
 * A link that knows when it leads to the page shown (aria-current="page" and
 * the active style): React Router's NavLink, without the pending and
 * view-transition states nobody here uses, which put ~1 KB gzip into every
 * first visit.
 */
export function NavLink({ to, end, className, onClick, children }: NavLinkProps) {
  const isActive = isActivePath(useLocation().pathname, to, end)
  return (
    <Link to={to} onClick={onClick} aria-current={isActive ? 'page' : undefined} className={className({ isActive })}>
      {children}
    </Link>
  )
}
