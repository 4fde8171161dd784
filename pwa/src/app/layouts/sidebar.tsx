import { useLocation } from 'react-router-dom'
import { NavLink } from '@/components/nav-link'
import type { User } from '@/lib/types'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { sidebarLinks } from './sidebar-links'

const itemClasses = 'flex min-h-11 items-center rounded-lg px-3 font-medium no-underline transition-colors'

export function Sidebar({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const i18n = useI18n()
  const { pathname } = useLocation()
  return (
    <nav aria-label={i18n._({ id: 'sidebar.label', message: 'Dashboard' })}>
      <ul className="flex flex-col gap-1">
        {sidebarLinks(user).map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  itemClasses,
                  isActive || (link.alsoActiveUnder && pathname.startsWith(link.alsoActiveUnder))
                    ? 'bg-teal-700 text-white'
                    : 'text-stone-800 hover:bg-teal-50 hover:text-teal-900',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
