import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { LogoMark } from '@/components/logo'
import { NavLink } from '@/components/nav-link'
// Not from the feature's index, whose every export would join the first
// script's chunk (vite.config.ts, firstVisitChunks).
import { useInstallPrompt } from '@/features/offline/hooks/use-install-prompt'
import { UnreadBadge } from '@/features/messages/components/unread-badge'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { useOnline } from '@/lib/connectivity'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { SearchBox } from './search-box'
import { SellLink } from './sell-link'

// The phone menu's dialog loads when the menu is first opened, not with the
// first script of every page (it is the size of the search box beside it).
const Dialog = lazy(() => import('@/components/dialog').then((m) => ({ default: m.Dialog })))
// The account menu is only ever shown to someone signed in, who has been
// here before: a first visit does not load it (the first script's budget,
// docs/benchmarks.md).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })))
// The offline banner, only while offline (the code is in the service worker's cache).
const OfflineBanner = lazy(() =>
  import('@/features/offline/components/offline-banner').then((m) => ({ default: m.OfflineBanner })),
)
// Likewise the phone menu's Log Out (someone signed in), and the Install
// button (a browser that offers it, some time after the page has loaded).
// The unread count is not among them: it is small, and a component loaded on
// first use that imports the messages feature never settled under the tests.
const MenuLogOut = lazy(() => import('../log-out').then((m) => ({ default: m.MenuLogOut })))
const InstallButton = lazy(() =>
  import('@/features/offline/components/install-button').then((m) => ({ default: m.InstallButton })),
)

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-lg px-3 font-medium no-underline transition-colors',
    isActive ? 'bg-teal-50 text-teal-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  )

/**
 * Home, Dashboard, Blogs, then Log In, or the account: Log Out (the phone's
 * menu) or, with `accountMenu`, the account button and its menu (the top
 * bar on wide screens); `onNavigate` lets the mobile menu close itself.
 */
function NavItems({
  onNavigate,
  className,
  accountMenu,
}: {
  onNavigate?: () => void
  className?: string
  accountMenu?: boolean
}) {
  const i18n = useI18n()
  const { user, isLoading } = useUser()
  const canInstall = useInstallPrompt() !== null
  const links = [
    { to: paths.home, label: i18n._({ id: 'nav.home', message: 'Home' }), end: true },
    { to: paths.dashboard, label: i18n._({ id: 'nav.dashboard', message: 'Dashboard' }), end: false },
    { to: paths.blogs, label: i18n._({ id: 'nav.blogs', message: 'Blogs' }), end: false },
  ]
  let account: ReactNode = null
  if (user && accountMenu) {
    account = (
      <Suspense
        fallback={
          <span className="block min-h-11 max-w-48 truncate px-2 leading-11 font-medium text-stone-700" title={user.name}>
            {user.name}
          </span>
        }
      >
        <AccountMenu user={user} />
      </Suspense>
    )
  } else if (user) {
    account = (
      <Suspense
        fallback={
          <button type="button" disabled className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-700">
            {i18n._({ id: 'account.logOut', message: 'Log Out' })}
          </button>
        }
      >
        <MenuLogOut onNavigate={onNavigate} />
      </Suspense>
    )
  } else if (!isLoading) {
    account = (
      <NavLink to={paths.login} className={linkClasses} onClick={onNavigate}>
        {i18n._({ id: 'nav.logIn', message: 'Log In' })}
      </NavLink>
    )
  }
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={linkClasses} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {canInstall && (
        <li>
          <Suspense fallback={null}>
            <InstallButton onClick={onNavigate} />
          </Suspense>
        </li>
      )}
      <li className="min-w-20">{account}</li>
    </ul>
  )
}

/**
 * The logo and the site's name, a link home. In the top bar a long name ends
 * in an ellipsis (its whole is in the title, and heads the phone's menu);
 * with `wrap` it takes the lines it needs.
 */
export function Brand({ wrap = false }: { wrap?: boolean }) {
  const { site } = useSite()
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 max-w-full min-w-0 items-center gap-2 text-xl font-bold text-teal-800 no-underline"
    >
      <LogoMark />
      {wrap ? (
        <span className="min-w-0 wrap-anywhere hyphens-auto">{site.name}</span>
      ) : (
        <span className="truncate" title={site.name}>
          {site.name}
        </span>
      )}
    </Link>
  )
}

/** The site's name whole, atop the phone's menu: the top bar may have room for its first letters only. */
function MenuBrand() {
  const { site } = useSite()
  return (
    <p className="mb-3 border-b border-stone-200 px-4 pb-3 text-xl font-bold text-teal-800 wrap-anywhere hyphens-auto">
      {site.name}
    </p>
  )
}

/** The site's tagline under its name, on screens wide enough for it. */
function Tagline() {
  const { site, known } = useSite()
  if (!known || !site.tagline) return null
  return (
    <p className="-mt-2 hidden max-w-96 truncate ps-10 text-xs text-stone-600 xl:block" title={site.tagline}>
      {site.tagline}
    </p>
  )
}

/**
 * The top bar of both layouts: brand, search, links; `start` goes before the
 * brand (the dashboard's sidebar toggle).
 */
export function Navbar({ start }: { start?: ReactNode }) {
  const i18n = useI18n()
  const [menuOpen, setMenuOpen] = useState(false)
  // Once opened, the dialog stays mounted: closing it gives the focus back to the menu button.
  const [menuUsed, setMenuUsed] = useState(false)
  const { user } = useUser()
  const online = useOnline()
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={i18n._({ id: 'nav.main', message: 'Main' })}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8"
      >
        <div className="flex min-w-0 items-center gap-2">
          {start}
          <div className="min-w-0 md:max-w-64 xl:max-w-96">
            <Brand />
            <Tagline />
          </div>
        </div>
        <SearchBox />
        <NavItems className="hidden items-center gap-1 md:flex" accountMenu />
        <SellLink />
        {/* Not in the static shell (index.html): nobody is signed in yet there. */}
        {user && <UnreadBadge />}
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuUsed(true)
            setMenuOpen(true)
          }}
          className="inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="sr-only">{i18n._({ id: 'nav.openMenu', message: 'Open menu' })}</span>
        </button>
      </nav>
      {!online && (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      {menuUsed && (
        <Suspense fallback={null}>
          <Dialog
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            title={i18n._({ id: 'nav.menu', message: 'Menu' })}
            fullScreen
          >
            <MenuBrand />
            <nav aria-label={i18n._({ id: 'nav.menu', message: 'Menu' })}>
              {/* Full-width rows, easy to hit; the account action set apart below the links. */}
              <NavItems
                onNavigate={() => setMenuOpen(false)}
                className="flex flex-col gap-1 text-lg [&_a]:flex [&_a]:w-full [&_a]:px-4 [&_button]:flex [&_button]:w-full [&_button]:px-4 [&>li:last-child]:mt-3 [&>li:last-child]:border-t [&>li:last-child]:border-stone-200 [&>li:last-child]:pt-3"
              />
            </nav>
          </Dialog>
        </Suspense>
      )}
    </header>
  )
}
