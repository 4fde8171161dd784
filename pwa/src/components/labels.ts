// The words for the server's fixed values (a listing's condition and status),
// which the API sends and takes in English: shown in the app's language,
// while forms and addresses keep the server's value.
import type { I18n } from '@lingui/core'
import { i18n as appI18n } from '@/lib/i18n'
import type { Condition, ProductStatus } from '@/lib/types'

/** 'Excellent', 'Good', 'Fair' in the app's language. */
export function conditionLabel(condition: Condition, i18n: I18n = appI18n): string {
  switch (condition) {
    case 'Excellent':
      return i18n._({ id: 'common.condition.excellent', message: 'Excellent' })
    case 'Good':
      return i18n._({ id: 'common.condition.good', message: 'Good' })
    case 'Fair':
      return i18n._({ id: 'common.condition.fair', message: 'Fair' })
    default:
      return condition
  }
}

/** 'Available', 'Reserved', 'Sold' in the app's language. */
export function productStatusLabel(status: ProductStatus, i18n: I18n = appI18n): string {
  switch (status) {
    case 'Available':
      return i18n._({ id: 'common.productStatus.available', message: 'Available' })
    case 'Reserved':
      return i18n._({ id: 'common.productStatus.reserved', message: 'Reserved' })
    case 'Sold':
      return i18n._({ id: 'common.productStatus.sold', message: 'Sold' })
    default:
      return status
  }
}
