import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { paths } from '@/lib/paths'

/** The home page's headline and the Explore link to every category. */
export function Hero() {
  return (
    <section className="bg-gradient-to-br from-teal-800 to-teal-600 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-5 px-4 py-14 sm:py-20">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">Rehome</h1>
        <p className="max-w-2xl text-2xl font-semibold text-balance text-teal-50 sm:text-3xl">
          Good things deserve a second home.
        </p>
        <p className="max-w-2xl text-lg text-teal-50">
          A community marketplace for second-hand furniture, appliances and décor. Find something for your place, or pass
          on what you no longer need to a neighbour.
        </p>
        <Link to={paths.categories} className={buttonClasses({ variant: 'secondary', className: 'focus-visible:outline-white' })}>
          Explore
        </Link>
      </div>
    </section>
  )
}
