import { useState } from 'react'
import { Outlet, useMatch } from 'react-router-dom'
import { PageSpinner } from '@/components/spinner'
import { SkipLink } from '@/components/skip-link'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { routePaths } from '@/lib/paths'
import { Footer } from './footer'
import { Navbar } from './navbar'
import { Sidebar } from './sidebar'

/**
 * Top bar, role-dependent sidebar, nested screens, footer. Rendered inside
 * RequireAuth, so a user is always there. Below 768 px the sidebar folds into a
 * disclosure toggled from the top bar.
 */
export function DashboardLayout() {
  const i18n = useI18n()
  const { user } = useUser()
  const [sidebarOpen, setSidebarOpen] = useState(false)
  // A conversation on a phone is a chat screen: the height of the screen, its composer at the bottom, no footer.
  const chat = useMatch(routePaths.conversation) !== null
  if (!user) return <PageSpinner />

  const toggle = (
    <button
      type="button"
      aria-expanded={sidebarOpen}
      aria-controls="dashboard-sidebar"
      onClick={() => setSidebarOpen((open) => !open)}
      className="inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M9 4v16" />
      </svg>
      <span className="sr-only">{i18n._({ id: 'dashboard.menu', message: 'Dashboard menu' })}</span>
    </button>
  )

  return (
    <div className={cn('flex min-h-dvh flex-col', chat && 'max-md:h-dvh')}>
      <SkipLink />
      <Navbar start={toggle} />
      <div className={cn('mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row', chat && 'max-md:min-h-0')}>
        <aside
          id="dashboard-sidebar"
          aria-label={i18n._({ id: 'dashboard.sidebar', message: 'Dashboard sidebar' })}
          className={cn(
            'border-b border-stone-200 bg-white px-4 py-4 md:block md:w-64 md:shrink-0 md:border-e md:border-b-0',
            sidebarOpen ? 'block' : 'hidden',
            chat && 'max-md:max-h-[50dvh] max-md:shrink-0 max-md:overflow-y-auto',
          )}
        >
          <Sidebar user={user} onNavigate={() => setSidebarOpen(false)} />
        </aside>
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            'min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8',
            chat && 'max-md:flex max-md:min-h-0 max-md:flex-col max-md:pt-2 max-md:pb-0',
          )}
        >
          <Outlet />
        </main>
      </div>
      {chat ? (
        <div className="max-md:hidden">
          <Footer />
        </div>
      ) : (
        <Footer />
      )}
    </div>
  )
}
