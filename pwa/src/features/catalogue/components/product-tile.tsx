import { Link } from 'react-router-dom'
import { formatPrice } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { ProductPicture } from './product-picture'

/**
 * A compact product card for the home page: the whole card opens the product
 * (the name's link stretches over it, so there is one link per card).
 */
export function ProductTile({ product }: { product: Product }) {
  return (
    <article className="h-full relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <ProductPicture product={product} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="text-lg font-semibold">
          <Link
            to={paths.product(product.id)}
            className="text-stone-900 no-underline after:absolute after:inset-0 after:rounded-2xl hover:text-teal-800"
          >
            {product.product}
          </Link>
        </h3>
        <p className="text-xl font-bold text-teal-800">
          <span className="sr-only">Price: </span>
          {formatPrice(product.resale_price)}
        </p>
        <p className="text-stone-600">
          <span className="sr-only">Location: </span>
          {product.location}
        </p>
      </div>
    </article>
  )
}
