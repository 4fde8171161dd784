import type { I18n } from '@lingui/core'
import type { Product, ProductStatus } from '@/lib/types'

/** A product's status as the app's language says it ('Available', 'Reserved', 'Sold'). */
export function statusName(i18n: I18n, status: ProductStatus): string {
  switch (status) {
    case 'Available':
      return i18n._({ id: 'product.status.available', message: 'Available' })
    case 'Reserved':
      return i18n._({ id: 'product.status.reserved', message: 'Reserved' })
    case 'Sold':
      return i18n._({ id: 'product.status.sold', message: 'Sold' })
    default:
      return status
  }
}

/** A product's condition as the app's language says it; one the app does not know, as the server sent it. */
export function conditionName(i18n: I18n, condition: Product['condition']): string {
  switch (condition) {
    case 'Excellent':
      return i18n._({ id: 'product.conditionValue.excellent', message: 'Excellent' })
    case 'Good':
      return i18n._({ id: 'product.conditionValue.good', message: 'Good' })
    case 'Fair':
      return i18n._({ id: 'product.conditionValue.fair', message: 'Fair' })
    default:
      return condition
  }
}
