import { lazy, Suspense } from 'react'
import { Trans } from '@lingui/react'
import { Link } from 'react-router-dom'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { JustListedSkeleton } from './just-listed-skeleton'

// Below the fold, and only for those who may see listings: its code (the category
// page's cards, the infinite query) stays out of the first download, which
// has a budget of 130 KB (docs/benchmarks.md).
const JustListedFeed = lazy(() => import('./just-listed-feed').then((m) => ({ default: m.JustListedFeed })))

/**
 * 'Just listed' on the home page: the newest listings of every category for
 * someone signed in, or anyone when the site's listings are public (as a
 * category's page); a way to log in for anyone else.
 */
export function JustListedSection() {
  const i18n = useI18n()
  const { user, isLoading } = useUser()
  const { site } = useSite()
  if (isLoading) return null
  return (
    <section aria-labelledby="just-listed-heading" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <h2 id="just-listed-heading" className="mb-3 text-xl font-bold sm:mb-6 sm:text-3xl">
        {i18n._({ id: 'home.justListed.title', message: 'Just listed' })}
      </h2>
      {user || site.public_listings ? (
        <Suspense fallback={<JustListedSkeleton />}>
          <JustListedFeed />
        </Suspense>
      ) : (
        <p className="text-lg text-stone-700">
          <Trans
            id="home.justListed.logIn"
            message="<0>Log in</0> to see the newest listings from every category."
            components={{ 0: <Link to={paths.login} /> }}
          />
        </p>
      )}
    </section>
  )
}
