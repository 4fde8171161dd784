import { CardSkeletonList, Skeleton } from '@/components/skeleton'
import { useAdvertised } from '../api/get-advertised'
import { ProductTile } from './product-tile'

// The first row on phones (two to a row), often the largest picture in view
// as the page opens: fetched at once rather than once laid out.
const inViewAtFirst = 2

const gridClasses = 'grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4'

/**
 * 'Advertised Products', shown only when sellers advertise something: skeleton
 * tiles while the first answer loads, nothing after a failure or when there
 * is none. The adverts are a bonus on the home page, which works without them.
 */
export function AdvertisedSection() {
  const advertised = useAdvertised()
  const products = advertised.data?.items ?? []
  const loading = advertised.isPending && advertised.fetchStatus === 'fetching'
  if (!loading && products.length === 0) return null
  if (loading) {
    // The heading too is a placeholder: there may turn out to be no adverts.
    return (
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <Skeleton className="mb-6 h-8 w-64 max-w-full sm:h-9" />
        <CardSkeletonList count={4} lines={2} label="Loading the advertised products…" className={gridClasses} />
      </div>
    )
  }
  return (
    <section aria-labelledby="advertised-heading" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <h2 id="advertised-heading" className="mb-3 text-xl font-bold sm:mb-6 sm:text-3xl">
        Advertised Products
      </h2>
      <ul className={gridClasses}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductTile product={product} priority={index < inViewAtFirst} />
          </li>
        ))}
      </ul>
    </section>
  )
}
