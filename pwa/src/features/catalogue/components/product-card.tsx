import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { formatPostedDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { ProductPicture } from './product-picture'
import { ProductPrices } from './product-prices'
import { SellerName } from './seller-name'

interface ProductCardProps {
  product: Product
  /** Report and Book Now (or why they are not offered). */
  actions?: ReactNode
  /** The first card of a list, in view as the page opens: its picture is fetched at once and first. */
  priority?: boolean
}

/** A product in a category list: the spec's card, with the 400 px thumbnail. */
export function ProductCard({ product, actions, priority = false }: ProductCardProps) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <ProductPicture product={product} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-xl font-semibold">
          <Link to={paths.product(product.id)} className="text-stone-900 no-underline hover:text-teal-800 hover:underline">
            {product.product}
          </Link>
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <ProductPrices product={product} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-stone-600">Location</dt>
          <dd className="text-stone-900">{product.location}</dd>
          <dt className="font-medium text-stone-600">Seller</dt>
          <dd className="text-stone-900">
            <SellerName name={product.seller} verified={product.seller_verified} />
          </dd>
          <dt className="font-medium text-stone-600">Condition</dt>
          <dd className="text-stone-900">{product.condition}</dd>
          <dt className="font-medium text-stone-600">Use period</dt>
          <dd className="text-stone-900">{product.use_period}</dd>
          <dt className="font-medium text-stone-600">Posted</dt>
          <dd className="text-stone-900">
            <time dateTime={product.time}>{formatPostedDate(product.time)}</time>
          </dd>
        </dl>
        {actions && <div className="mt-auto pt-2">{actions}</div>}
      </div>
    </article>
  )
}
