import { cn } from '@/lib/cn'
import { useFormatPrice } from '@/lib/currency'
import type { Product } from '@/lib/types'

/** The resale price, large, then the original one struck through when the seller gave it; for a flex row. */
export function ProductPrices({ product, large = false }: { product: Product; large?: boolean }) {
  const formatPrice = useFormatPrice()
  return (
    <>
      <span className={cn('font-bold text-teal-800', large ? 'text-3xl' : 'text-2xl')}>
        <span className="sr-only">Resale price: </span>
        {formatPrice(product.resale_price)}
      </span>
      {product.original_price != null && (
        <span className="text-stone-600">
          Original price <span className="line-through">{formatPrice(product.original_price)}</span>
        </span>
      )}
    </>
  )
}
