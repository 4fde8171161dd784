import { useAdvertised } from '../api/get-advertised'
import { ProductTile } from './product-tile'

/**
 * 'Advertised Products', shown only when sellers advertise something. While
 * loading or after a failure it shows nothing: the adverts are a bonus on the
 * home page, which works without them.
 */
export function AdvertisedSection() {
  const advertised = useAdvertised()
  const products = advertised.data?.items ?? []
  if (products.length === 0) return null
  return (
    <section aria-labelledby="advertised-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-10">
      <h2 id="advertised-heading" className="mb-6 text-2xl font-bold sm:text-3xl">
        Advertised Products
      </h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductTile product={product} />
          </li>
        ))}
      </ul>
    </section>
  )
}
