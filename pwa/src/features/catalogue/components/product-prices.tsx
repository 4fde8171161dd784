import { cn } from '@/lib/cn'
import { Trans } from '@lingui/react'
import { useFormatPrice } from '@/lib/currency'
import { useI18n } from '@/lib/i18n'
import type { Product } from '@/lib/types'

/** The resale price, large, then the original one struck through when the seller gave it; for a flex row. */
export function ProductPrices({ product, large = false }: { product: Product; large?: boolean }) {
  const i18n = useI18n()
  const formatPrice = useFormatPrice()
  return (
    <>
      <span className={cn('font-bold text-teal-800', large ? 'text-3xl' : 'text-2xl')}>
        <span className="sr-only">{i18n._({ id: 'product.resalePriceLabel', message: 'Resale price:' })} </span>
        {formatPrice(product.resale_price)}
      </span>
      {product.original_price != null && (
        <span className="text-stone-600">
          <Trans
            id="product.originalPrice"
            message="Original price <0>{price}</0>"
            values={{ price: formatPrice(product.original_price) }}
            components={{ 0: <span className="line-through" /> }}
          />
        </span>
      )}
    </>
  )
}
