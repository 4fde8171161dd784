import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { formatPostedDate } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { ProductPicture } from './product-picture'
import { conditionLabel } from '@/components/labels'
import { ProductPrices } from './product-prices'
import { SellerName } from './seller-name'

interface ProductCardProps {
  product: Product
  /** Book Now (or why it is not offered). */
  actions?: ReactNode
  /** The first card of a list, in view as the page opens: its picture is fetched at once and first. */
  priority?: boolean
  /** The name's heading: h2 on a page of cards, h3 in a section of one. */
  headingLevel?: 'h2' | 'h3'
}

export { productGridClasses } from './product-grid'

/**
 * A product in a category list, with the 400 px thumbnail. The whole card
 * opens the product (the name's link stretches over it, one link per card);
 * the actions sit above that link. Compact on phones, two to a row.
 */
export function ProductCard({ product, actions, priority = false, headingLevel = 'h2' }: ProductCardProps) {
  const i18n = useI18n()
  const Heading = headingLevel
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <ProductPicture product={product} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:gap-3 sm:p-4">
        <Heading className="text-base leading-snug font-semibold sm:text-xl">
          <Link
            to={paths.product(product.id)}
            className="text-stone-900 no-underline after:absolute after:inset-0 after:rounded-2xl hover:text-teal-800 hover:underline"
          >
            {product.product}
          </Link>
        </Heading>
        {product.status === 'Reserved' && !product.my_booking_id && (
          <p className="self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 sm:text-sm">
            {i18n._({ id: 'product.reservedJoinQueue', message: 'Reserved — join the queue' })}
          </p>
        )}
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm sm:text-base">
          <ProductPrices product={product} />
        </p>
        {/* On a phone the card is narrow: the values alone, one a line (their labels stay for screen readers). */}
        <dl className="grid grid-cols-1 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3 sm:gap-y-1">
          <dt className="font-medium text-stone-600 max-sm:sr-only">{i18n._({ id: 'product.location', message: 'Location' })}</dt>
          <dd className="min-w-0 break-words text-stone-900">{product.location}</dd>
          <dt className="font-medium text-stone-600 max-sm:sr-only">{i18n._({ id: 'product.seller', message: 'Seller' })}</dt>
          <dd className="min-w-0 break-words text-stone-700 sm:text-stone-900">
            <SellerName name={product.seller} verified={product.seller_verified} />
          </dd>
          <dt className="font-medium text-stone-600 max-sm:sr-only">
            {i18n._({ id: 'product.condition', message: 'Condition' })}
          </dt>
          <dd className="text-stone-700 sm:text-stone-900">
            <span className="sm:hidden">{i18n._({ id: 'product.conditionLabel', message: 'Condition:' })} </span>
            {conditionLabel(product.condition, i18n)}
          </dd>
          {product.use_period && (
            <>
              <dt className="font-medium text-stone-600 max-sm:sr-only">
                {i18n._({ id: 'product.usePeriod', message: 'Use period' })}
              </dt>
              <dd className="text-stone-900 max-sm:sr-only">{product.use_period}</dd>
            </>
          )}
          <dt className="font-medium text-stone-600 max-sm:sr-only">{i18n._({ id: 'product.posted', message: 'Posted' })}</dt>
          <dd className="text-stone-900 max-sm:sr-only">
            <time dateTime={product.time}>{formatPostedDate(product.time)}</time>
          </dd>
        </dl>
        {actions && <div className="relative z-10 mt-auto pt-1">{actions}</div>}
      </div>
    </article>
  )
}
