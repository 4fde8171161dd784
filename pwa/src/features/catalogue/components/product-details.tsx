import type { I18n } from '@lingui/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Gallery } from '@/components/gallery'
import { RatingSummary } from '@/components/stars'
import { cn } from '@/lib/cn'
import { useFormatPrice } from '@/lib/currency'
import { formatPostedDate } from '@/lib/format'
import { i18n as defaultI18n, useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Dimensions, Product, ProductStatus } from '@/lib/types'
import { conditionLabel, productStatusLabel } from '@/components/labels'
import { ProductPrices } from './product-prices'
import { SellerName } from './seller-name'
import { ShareButton } from './share-button'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-stone-100 py-2">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  )
}

/** {width_cm: 180, height_cm: 75} → "W 180 × H 75 cm"; null when none is given. */
export function formatDimensions(dimensions: Dimensions | null | undefined, i18n: I18n = defaultI18n): string | null {
  if (!dimensions) return null
  const { width_cm: width, depth_cm: depth, height_cm: height } = dimensions
  const parts = [
    typeof width === 'number' && i18n._({ id: 'product.dimensions.width', message: 'W {width}', values: { width } }),
    typeof depth === 'number' && i18n._({ id: 'product.dimensions.depth', message: 'D {depth}', values: { depth } }),
    typeof height === 'number' && i18n._({ id: 'product.dimensions.height', message: 'H {height}', values: { height } }),
  ].filter((part) => typeof part === 'string')
  return parts.length > 0 ? `${parts.join(' × ')} cm` : null
}

const statusClasses: Record<ProductStatus, string> = {
  Available: 'bg-emerald-100 text-emerald-800',
  Reserved: 'bg-amber-100 text-amber-900',
  Sold: 'bg-stone-200 text-stone-700',
}

/**
 * The price and the actions (Book Now, Message), inline on larger screens;
 * on phones a bar pinned to the bottom of the screen while the product is
 * in view. Sticky, not fixed: it is last in the column, so at the end of the
 * page it sits in its own space and covers neither the facts nor the footer.
 */
function ActionBar({ product, children }: { product: Product; children: ReactNode }) {
  const formatPrice = useFormatPrice()
  return (
    <div
      className={cn(
        'max-md:sticky max-md:bottom-0 max-md:z-30 max-md:order-last max-md:-mx-4 max-md:border-t max-md:border-stone-200',
        'max-md:bg-white/95 max-md:px-4 max-md:pt-3 max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))]',
        'max-md:shadow-[0_-4px_12px_rgb(0_0_0/0.06)] max-md:backdrop-blur sm:max-md:-mx-6 sm:max-md:px-6',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {/* The price is read out once, beside the name. */}
        <p aria-hidden="true" className="shrink-0 text-xl font-bold text-teal-800 md:hidden">
          {formatPrice(product.resale_price)}
        </p>
        <div className="min-w-0 flex-[1_1_14rem]">{children}</div>
      </div>
    </div>
  )
}

/** Everything about one product: its photos beside its facts, stacked on phones. */
export function ProductDetails({
  product,
  actions,
  footer,
}: {
  product: Product
  /** Book Now, or why it is not offered. */
  actions?: ReactNode
  /** Quiet links under the facts, such as Report. */
  footer?: ReactNode
}) {
  const i18n = useI18n()
  const dimensions = formatDimensions(product.dimensions, i18n)
  const images = product.images?.length ? product.images : [product.image]
  const thumbs = product.images?.length ? (product.thumbs ?? []) : [product.thumb_url]
  return (
    <article className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <Gallery images={images} thumbs={thumbs} name={product.product} />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={paths.category(product.category)} className="text-sm font-semibold">
              {product.category}
            </Link>
            <h1 className="mt-1 text-2xl font-bold break-words hyphens-auto sm:text-3xl">{product.product}</h1>
          </div>
          <ShareButton product={product} className="shrink-0" />
        </div>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <ProductPrices product={product} large />
          <p className={cn('rounded-full px-3 py-1 text-sm font-semibold', statusClasses[product.status])}>
            <span className="sr-only">{i18n._({ id: 'product.statusLabel', message: 'Status:' })} </span>
            {productStatusLabel(product.status, i18n)}
          </p>
        </div>
        {product.status === 'Reserved' && !product.my_booking_id && (
          <p className="text-sm text-stone-700">
            {i18n._({
              id: 'product.reservedQueue',
              message: 'Someone has booked it. Book it too to join the queue, in case they don’t buy.',
            })}
          </p>
        )}
        {actions && <ActionBar product={product}>{actions}</ActionBar>}
        {product.description && <p className="whitespace-pre-line text-stone-800">{product.description}</p>}
        <dl className="grid gap-x-6 sm:grid-cols-2">
          <Fact label={i18n._({ id: 'product.condition', message: 'Condition' })}>{conditionLabel(product.condition, i18n)}</Fact>
          <Fact label={i18n._({ id: 'product.location', message: 'Location' })}>{product.location}</Fact>
          {dimensions && <Fact label={i18n._({ id: 'product.dimensions', message: 'Dimensions' })}>{dimensions}</Fact>}
          {product.purchase_year != null && (
            <Fact label={i18n._({ id: 'product.purchaseYear', message: 'Purchase year' })}>{product.purchase_year}</Fact>
          )}
          {product.use_period && (
            <Fact label={i18n._({ id: 'product.usePeriod', message: 'Use period' })}>{product.use_period}</Fact>
          )}
          <Fact label={i18n._({ id: 'product.posted', message: 'Posted' })}>
            <time dateTime={product.time}>{formatPostedDate(product.time)}</time>
          </Fact>
          <Fact label={i18n._({ id: 'product.seller', message: 'Seller' })}>
            <SellerName name={product.seller} verified={product.seller_verified} />
            {product.seller_rating && <RatingSummary rating={product.seller_rating} hideEmpty className="mt-1 text-sm" />}
            {product.seller_id !== undefined && (
              <Link to={paths.seller(product.seller_id)} className="mt-1 block w-fit text-sm font-semibold">
                {i18n._({ id: 'product.moreFrom', message: 'More from {seller}', values: { seller: product.seller } })}
              </Link>
            )}
          </Fact>
          {/* Only those the server shows them to get these (docs/api.md); everyone else messages the seller. */}
          {product.seller_phone && (
            <Fact label={i18n._({ id: 'product.sellerPhone', message: 'Seller phone' })}>
              <a href={`tel:${product.seller_phone.replace(/[^\d+]/g, '')}`}>{product.seller_phone}</a>
            </Fact>
          )}
          {product.seller_email && (
            <Fact label={i18n._({ id: 'product.sellerEmail', message: 'Seller email' })}>
              <a href={`mailto:${product.seller_email}`} className="break-all">
                {product.seller_email}
              </a>
            </Fact>
          )}
        </dl>
        {footer}
      </div>
    </article>
  )
}
