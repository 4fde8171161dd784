import { Link } from 'react-router-dom'
import { useOnline } from '@/lib/connectivity'
import { useFormatPrice } from '@/lib/currency'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { ProductPicture } from './product-picture'

/**
 * A compact product card for the home page: the whole card opens the product
 * (the name's link stretches over it). A product one has booked links to the
 * order too, above that link. `priority`: in view as the page opens (see
 * ProductPicture).
 */
export function ProductTile({ product, priority = false }: { product: Product; priority?: boolean }) {
  const i18n = useI18n()
  const online = useOnline()
  const formatPrice = useFormatPrice()
  return (
    <article className="h-full relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <ProductPicture product={product} priority={priority} />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="text-base leading-snug font-semibold sm:text-lg">
          <Link
            to={paths.product(product.id)}
            className="text-stone-900 no-underline after:absolute after:inset-0 after:rounded-2xl hover:text-teal-800"
          >
            {product.product}
          </Link>
        </h3>
        <p className="text-xl font-bold text-teal-800">
          <span className="sr-only">{i18n._({ id: 'product.priceLabel', message: 'Price:' })} </span>
          {formatPrice(product.resale_price)}
        </p>
        <p className="text-sm text-stone-600 sm:text-base">
          <span className="sr-only">{i18n._({ id: 'product.locationLabel', message: 'Location:' })} </span>
          {product.location}
        </p>
        {product.my_booking_id ? (
          <Link
            to={paths.payment(product.my_booking_id)}
            reloadDocument={online}
            className="relative z-10 mt-1 self-start text-sm font-semibold"
          >
            {product.status === 'Sold'
              ? i18n._({ id: 'product.youBoughtThis', message: 'You bought this — view order' })
              : i18n._({ id: 'product.youBookedThis', message: 'You booked this — view order' })}
          </Link>
        ) : (
          product.status === 'Reserved' && (
            <p className="mt-1 self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 sm:text-sm">
              {i18n._({ id: 'product.reservedJoinQueue', message: 'Reserved — join the queue' })}
            </p>
          )
        )}
      </div>
    </article>
  )
}
