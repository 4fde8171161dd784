import { PageSpinner } from '@/components/spinner'
import { SkipLink } from '@/components/skip-link'
import { Navbar } from './navbar'

/**
 * What shows while the first screen's code loads: the top bar and a spinner.
 * index.html holds the same markup, drawn before any script has run, so the
 * first paint needs only HTML and CSS; app-shell.test.tsx keeps the two alike.
 */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar />
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        <PageSpinner />
      </main>
    </div>
  )
}
