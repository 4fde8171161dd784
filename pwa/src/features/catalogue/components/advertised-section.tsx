import { startTransition, useEffect, useState } from 'react'
import { CardSkeletonList, Skeleton } from '@/components/skeleton'
import { useI18n } from '@/lib/i18n'
import { useAdvertised } from '../api/get-advertised'
import { ProductTile } from './product-tile'

// The first row on phones (two to a row), often the largest picture in view
// as the page opens: fetched at once rather than once laid out.
const inViewAtFirst = 2

const gridClasses = 'grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4'

// The first two rows on a phone, drawn with the rest of the first screen; the
// other tiles a moment later, so that the first screen's work does not grow
// with the number of adverts (up to 24).
const drawnFirst = 4

/** How many of `total` tiles to draw: drawnFirst, then all once the browser has been idle. */
function useDrawn(total: number): number {
  const [all, setAll] = useState(false)
  const waiting = total > drawnFirst && !all
  useEffect(() => {
    if (!waiting) return
    const show = () => startTransition(() => setAll(true))
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: 1000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(show, 0)
    return () => clearTimeout(id)
  }, [waiting])
  return all ? total : Math.min(total, drawnFirst)
}

/**
 * 'Advertised Products', shown only when sellers advertise something: skeleton
 * tiles while the first answer loads, nothing after a failure or when there
 * is none. The adverts are a bonus on the home page, which works without them.
 */
export function AdvertisedSection() {
  const i18n = useI18n()
  const advertised = useAdvertised()
  const products = advertised.data?.items ?? []
  const loading = advertised.isPending && advertised.fetchStatus === 'fetching'
  const drawn = useDrawn(products.length)
  if (!loading && products.length === 0) return null
  if (loading) {
    // The heading too is a placeholder: there may turn out to be no adverts.
    return (
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <Skeleton className="mb-6 h-8 w-64 max-w-full sm:h-9" />
        <CardSkeletonList
          count={4}
          lines={2}
          label={i18n._({ id: 'home.advertised.loading', message: 'Loading the advertised products…' })}
          className={gridClasses}
        />
      </div>
    )
  }
  return (
    <section aria-labelledby="advertised-heading" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <h2 id="advertised-heading" className="mb-3 text-xl font-bold sm:mb-6 sm:text-3xl">
        {i18n._({ id: 'home.advertised.title', message: 'Advertised Products' })}
      </h2>
      <ul className={gridClasses}>
        {products.slice(0, drawn).map((product, index) => (
          // Off screen, a tile's layout and paint wait until it scrolls near.
          <li key={product.id} className="[contain-intrinsic-block-size:auto_18rem] [content-visibility:auto]">
            <ProductTile product={product} priority={index < inViewAtFirst} />
          </li>
        ))}
      </ul>
    </section>
  )
}
