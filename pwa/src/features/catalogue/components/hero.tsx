import { useId } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useSiteName } from '@/lib/site'

/**
 * A sofa, a lamp and a plant under a roof (public/hero.svg): decoration for
 * wide screens only. A picture rather than markup, to keep it out of the first
 * script; lazy, so that phones, which hide it, never fetch it.
 */
function HeroIllustration() {
  return (
    <img
      src="/hero.svg"
      alt=""
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      className="hidden h-auto w-full max-w-sm justify-self-end lg:block"
    />
  )
}

/**
 * On a phone, where the top bar has only a Search button, a search field in
 * plain sight: the first thing most people want on a marketplace.
 */
function HeroSearch() {
  const i18n = useI18n()
  const id = useId()
  const navigate = useNavigate()
  const searchListings = i18n._({ id: 'home.hero.searchListings', message: 'Search listings' })
  return (
    <form
      role="search"
      aria-label={i18n._({ id: 'home.hero.searchLabel', message: 'Listings' })}
      className="flex w-full gap-2 md:hidden"
      onSubmit={(event) => {
        event.preventDefault()
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
        void navigate(q ? `${paths.search}?${new URLSearchParams({ q })}` : paths.search)
      }}
    >
      <label htmlFor={id} className="sr-only">
        {searchListings}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        enterKeyHint="search"
        placeholder={searchListings}
        className="min-h-11 min-w-0 flex-1 rounded-full border border-white/40 bg-white px-4 text-stone-900 placeholder:text-stone-500"
      />
      <button
        type="submit"
        className={buttonClasses({ variant: 'secondary', className: 'shrink-0 focus-visible:outline-white' })}
      >
        {i18n._({ id: 'home.hero.search', message: 'Search' })}
      </button>
    </form>
  )
}

/**
 * The home page's headline, a search field on phones and the Explore link to
 * every category. Compact on phones, so that listings show on the first screen.
 */
export function Hero() {
  const i18n = useI18n()
  const name = useSiteName()
  return (
    <section className="bg-gradient-to-br from-teal-800 to-teal-600 text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] items-center gap-8 px-4 py-4 sm:px-6 sm:py-16 lg:grid-cols-[3fr_2fr] lg:px-8">
        <div className="flex flex-col items-start gap-3 sm:gap-5">
          <div className="flex w-full flex-wrap items-baseline gap-x-3 gap-y-1 sm:flex-col sm:gap-5">
            <h1 className="text-3xl font-bold tracking-tight text-white sm:text-6xl">{name}</h1>
            <p className="max-w-2xl text-lg font-semibold text-balance text-teal-50 sm:text-3xl">
              {i18n._({ id: 'home.hero.tagline', message: 'Good things deserve a second home.' })}
            </p>
          </div>
          <p className="max-w-2xl text-teal-50 max-sm:hidden sm:text-lg">
            {i18n._({
              id: 'home.hero.intro',
              message:
                'A community marketplace for second-hand furniture, appliances and décor. Find something for your place, or pass on what you no longer need to a neighbour.',
            })}
          </p>
          <HeroSearch />
          <Link
            to={paths.categories}
            className={buttonClasses({ variant: 'secondary', className: 'focus-visible:outline-white max-sm:hidden' })}
          >
            {i18n._({ id: 'home.hero.explore', message: 'Explore' })}
          </Link>
        </div>
        <HeroIllustration />
      </div>
    </section>
  )
}
