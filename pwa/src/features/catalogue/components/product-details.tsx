import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { cn } from '@/lib/cn'
import { formatPostedDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { ProductPicture } from './product-picture'
import { ProductPrices } from './product-prices'
import { SellerName } from './seller-name'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-stone-100 py-2">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  )
}

/** Everything about one product: the full picture beside its facts, stacked on phones. */
export function ProductDetails({ product, actions }: { product: Product; actions?: ReactNode }) {
  const sold = product.status === 'Sold'
  return (
    <article className="grid gap-8 lg:grid-cols-2">
      <ProductPicture product={product} size="full" priority />
      <div className="flex flex-col gap-4">
        <div>
          <Link to={paths.category(product.category)} className="text-sm font-semibold">
            {product.category}
          </Link>
          <h1 className="mt-1 text-3xl font-bold">{product.product}</h1>
        </div>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <ProductPrices product={product} large />
          <p
            className={cn(
              'rounded-full px-3 py-1 text-sm font-semibold',
              sold ? 'bg-stone-200 text-stone-700' : 'bg-emerald-100 text-emerald-800',
            )}
          >
            <span className="sr-only">Status: </span>
            {sold ? 'Sold' : 'Available'}
          </p>
        </div>
        {actions}
        <p className="whitespace-pre-line text-stone-800">{product.description}</p>
        <dl className="grid gap-x-6 sm:grid-cols-2">
          <Fact label="Condition">{product.condition}</Fact>
          <Fact label="Location">{product.location}</Fact>
          <Fact label="Purchase year">{product.purchase_year}</Fact>
          <Fact label="Use period">{product.use_period}</Fact>
          <Fact label="Posted">
            <time dateTime={product.time}>{formatPostedDate(product.time)}</time>
          </Fact>
          <Fact label="Seller">
            <SellerName name={product.seller} verified={product.seller_verified} />
          </Fact>
          {product.seller_phone && (
            <Fact label="Seller phone">
              <a href={`tel:${product.seller_phone.replace(/[^\d+]/g, '')}`}>{product.seller_phone}</a>
            </Fact>
          )}
        </dl>
      </div>
    </article>
  )
}
