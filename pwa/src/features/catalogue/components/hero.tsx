import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { paths } from '@/lib/paths'
import { useSiteName } from '@/lib/site'

/** A sofa, a lamp and a plant under a roof: decoration for wide screens only. */
function HeroIllustration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 320 240"
      width="400"
      height="300"
      className="hidden h-auto w-full max-w-sm justify-self-end lg:block"
    >
      <path d="M160 18 24 122h24v100h224V122h24z" fill="#f0fdfa" opacity=".14" />
      <path d="M160 38 62 114v100h196V114z" fill="#f0fdfa" opacity=".1" />
      <rect x="20" y="214" width="280" height="6" rx="3" fill="#f0fdfa" opacity=".35" />
      {/* sofa */}
      <rect x="96" y="132" width="128" height="40" rx="12" fill="#fbbf24" />
      <rect x="82" y="156" width="156" height="34" rx="10" fill="#f59e0b" />
      <rect x="76" y="146" width="26" height="48" rx="10" fill="#fbbf24" />
      <rect x="218" y="146" width="26" height="48" rx="10" fill="#fbbf24" />
      <rect x="108" y="152" width="48" height="16" rx="6" fill="#fde68a" />
      <rect x="164" y="152" width="48" height="16" rx="6" fill="#fde68a" />
      <rect x="92" y="194" width="6" height="20" rx="2" fill="#78350f" />
      <rect x="222" y="194" width="6" height="20" rx="2" fill="#78350f" />
      {/* lamp */}
      <path d="M258 84h28l10 30h-48z" fill="#ccfbf1" />
      <rect x="270" y="114" width="4" height="96" fill="#ccfbf1" />
      <rect x="258" y="208" width="28" height="6" rx="3" fill="#ccfbf1" />
      {/* plant */}
      <path d="M44 212h28l-4-26H48z" fill="#fda4af" />
      <path d="M58 186c-10-16-22-22-26-36 12 2 22 12 26 26 2-16 10-28 22-34-2 16-10 28-22 44z" fill="#5eead4" />
    </svg>
  )
}

/** The home page's headline and the Explore link to every category; shorter on phones, where the categories follow. */
export function Hero() {
  const name = useSiteName()
  return (
    <section className="bg-gradient-to-br from-teal-800 to-teal-600 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-8 sm:px-6 sm:py-16 lg:grid-cols-[3fr_2fr] lg:px-8">
        <div className="flex flex-col items-start gap-4 sm:gap-5">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">{name}</h1>
          <p className="max-w-2xl text-xl font-semibold text-balance text-teal-50 sm:text-3xl">
            Good things deserve a second home.
          </p>
          <p className="max-w-2xl text-teal-50 sm:text-lg">
            A community marketplace for second-hand furniture, appliances and décor. Find something for your place, or
            pass on what you no longer need to a neighbour.
          </p>
          <Link
            to={paths.categories}
            className={buttonClasses({ variant: 'secondary', className: 'focus-visible:outline-white' })}
          >
            Explore
          </Link>
        </div>
        <HeroIllustration />
      </div>
    </section>
  )
}
