import { Link } from 'react-router-dom'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import type { Role } from '@/lib/types'
import { useDocumentTitle } from '@/lib/use-document-title'
import { sidebarLinks } from '../layouts/sidebar-links'

/** A role as the person reads it. */
function roleName(i18n: ReturnType<typeof useI18n>, role: Role): string {
  switch (role) {
    case 'Admin':
      return i18n._({ id: 'role.admin', message: 'Admin' })
    case 'Seller':
      return i18n._({ id: 'role.seller', message: 'Seller' })
    case 'Buyer':
      return i18n._({ id: 'role.buyer', message: 'Buyer' })
    default:
      return role
  }
}

export function DashboardHomeRoute() {
  const i18n = useI18n()
  useDocumentTitle(i18n._({ id: 'nav.dashboard', message: 'Dashboard' }))
  const { user } = useUser()
  const shortcuts = user ? sidebarLinks(user) : []
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold sm:text-3xl">{i18n._({ id: 'dashboard.welcome', message: 'Welcome to dashboard' })}</h1>
        {user && (
          <p className="mt-2 text-stone-600">
            {i18n._({
              id: 'dashboard.signedInAs',
              message: 'Signed in as {name} ({role}).',
              values: { name: user.name, role: roleName(i18n, user.role) },
            })}
          </p>
        )}
      </div>
      {shortcuts.length > 0 && (
        <section aria-labelledby="shortcuts-heading">
          <h2 id="shortcuts-heading" className="sr-only">
            {i18n._({ id: 'dashboard.shortcuts', message: 'Shortcuts' })}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shortcuts.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="flex h-full flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-5 no-underline shadow-sm transition-shadow hover:border-teal-300 hover:shadow-md"
                >
                  <span className="text-lg font-semibold text-teal-800">{link.label}</span>
                  <span className="text-stone-600">{link.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
