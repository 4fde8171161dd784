import { PageSpinner } from '@/components/spinner'
import { PublicFrame } from './public-layout'

/**
 * What shows while the first screen's code loads: the public frame with a
 * spinner and no footer. index.html holds the same markup, drawn before any
 * script has run, so the first paint needs only HTML and CSS;
 * app-shell.test.tsx keeps the two alike.
 */
export function AppShell() {
  return (
    <PublicFrame>
      <PageSpinner />
    </PublicFrame>
  )
}
