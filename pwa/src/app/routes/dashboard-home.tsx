import { Link } from 'react-router-dom'
import { useUser } from '@/lib/auth'
import { useDocumentTitle } from '@/lib/use-document-title'
import { sidebarLinks } from '../layouts/sidebar-links'

/** What each dashboard screen is for, shown on its shortcut. */
const descriptions: Record<string, string> = {
  'My Orders': 'The products you booked, and paying for them.',
  'My Products': 'What you sell: delete a listing or advertise it on the home page.',
  'Add Product': 'List something new for sale.',
  'My Buyers': 'Who booked your products; confirm their payments.',
  'All Users': 'Every account; make an admin or delete an account.',
  'All Sellers': 'Verify sellers so buyers see their tick.',
  'All Buyers': 'Every buyer account.',
  'Reported Item': 'Products people reported: dismiss or remove them.',
  'Add Category': 'A new category for the home page.',
  'Audit log': 'Who did what, and when.',
  Messages: 'Talk with buyers and sellers, and agree on a pickup time.',
  Profile: 'Your details, password, sessions and notifications.',
}

export function DashboardHomeRoute() {
  useDocumentTitle('Dashboard')
  const { user } = useUser()
  const shortcuts = user ? sidebarLinks(user) : []
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome to dashboard</h1>
        {user && (
          <p className="mt-2 text-stone-600">
            Signed in as {user.name} ({user.role}).
          </p>
        )}
      </div>
      {shortcuts.length > 0 && (
        <section aria-labelledby="shortcuts-heading">
          <h2 id="shortcuts-heading" className="sr-only">
            Shortcuts
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shortcuts.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="flex h-full flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-5 no-underline shadow-sm transition-shadow hover:border-teal-300 hover:shadow-md"
                >
                  <span className="text-lg font-semibold text-teal-800">{link.label}</span>
                  <span className="text-stone-600">{descriptions[link.label]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
