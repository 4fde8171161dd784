import { cn } from '@/lib/cn'
import type { Product } from '@/lib/types'

interface ProductPictureProps {
  product: Product
  /** 'thumbnail' (the 400 px one, cropped to fill) on cards; 'full' (all of it) on the product's page. */
  size?: 'thumbnail' | 'full'
  /** In view as the page opens: fetched at once and first. */
  priority?: boolean
}

/** A product's picture in a 4:3 box, so the page does not jump while it loads (the API gives no size). */
export function ProductPicture({ product, size = 'thumbnail', priority = false }: ProductPictureProps) {
  const full = size === 'full'
  return (
    <img
      src={full ? product.image : product.thumb_url || product.image}
      alt={product.product}
      width={full ? 1200 : 400}
      height={full ? 900 : 300}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-[4/3] w-full bg-stone-100', full ? 'rounded-2xl object-contain' : 'object-cover')}
    />
  )
}
