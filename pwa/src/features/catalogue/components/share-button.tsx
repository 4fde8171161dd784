import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { i18n, useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'

/** The product's own address, as it is shared. */
export function productUrl(product: Pick<Product, 'id'>): string {
  return new URL(paths.product(product.id), window.location.origin).href
}

/**
 * Shares a product: through the device's share sheet (the Web Share API)
 * where there is one, which phones have; otherwise its link is copied.
 * A share the person called off says nothing.
 */
export async function shareProduct(product: Pick<Product, 'id' | 'product'>): Promise<void> {
  const url = productUrl(product)
  const data = { title: product.product, url }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data)
      return
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      // Refused by the browser (no user gesture, a policy): the link still helps.
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    toast.success(i18n._({ id: 'product.share.copied', message: 'Link copied' }))
  } catch {
    toast.error(i18n._({ id: 'product.share.copyFailed', message: 'Could not copy the link' }))
  }
}

export function ShareButton({ product, className }: { product: Product; className?: string }) {
  const i18n = useI18n()
  return (
    <Button variant="secondary" size="sm" className={className} onClick={() => void shareProduct(product)}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M10 13V3m0 0L6.5 6.5M10 3l3.5 3.5M4 11v5a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-5"
        />
      </svg>
      {i18n._({ id: 'product.share', message: 'Share' })}
    </Button>
  )
}
