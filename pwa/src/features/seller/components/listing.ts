// What the product form holds and what it sends: Add Product sends all of it
// (POST), Edit only what changed from the product (PATCH).
import { maxDimensionCm } from '@/lib/api/contract.gen'
import { fromDecimalPoint, toDecimalPoint } from '@/lib/decimal'
import { i18n } from '@/lib/i18n'
import type { Condition, Dimensions, NewProduct, Product, ProductChanges } from '@/lib/types'

export const dimensionFields = [{ name: 'width_cm' }, { name: 'depth_cm' }, { name: 'height_cm' }] as const

export type DimensionField = (typeof dimensionFields)[number]['name']

/**
 * The browser-side check of one measure, as the server makes it: plain
 * decimals typed as the app's language writes them ("90,5" in German;
 * Number() would also read hex and exponents), over 0 and at most
 * maxDimensionCm once kept to a millimetre. Empty is fine (they are optional).
 */
export function checkDimension(value: string): true | string {
  const text = toDecimalPoint(value)
  if (text === '') return true
  const number = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Math.round(Number(text) * 10) / 10 : NaN
  if (!Number.isFinite(number) || number <= 0 || number > maxDimensionCm)
    return i18n._({
      id: 'sell.form.sizeRange',
      message: 'Enter a size above 0 and at most {max} cm',
      values: { max: maxDimensionCm },
    })
  return true
}

/**
 * The browser-side check of the purchase year, as the server makes it: four
 * digits from 1900 to this year. Empty is fine (it is optional).
 */
export function checkYear(value: string, now: Date = new Date()): true | string {
  const text = value.trim()
  if (text === '') return true
  const year = /^\d{4}$/.test(text) ? Number(text) : NaN
  if (year >= 1900 && year <= now.getFullYear()) return true
  return i18n._({
    id: 'sell.form.yearRange',
    message: 'Enter a year between 1900 and {year}',
    values: { year: String(now.getFullYear()) },
  })
}

/** The form's values: text as typed (prices and measures with the viewer's decimal separator), the server checks the numbers too. */
export interface ProductFormValues {
  category: string
  product: string
  description: string
  condition: Condition
  location: string
  resale_price: string
  original_price: string
  purchase_year: string
  use_period: string
  seller_phone: string
  width_cm: string
  depth_cm: string
  height_cm: string
  /** Only carries the photos' error; the photos themselves live in usePhotoUploads. */
  images: string
  /** Only carries the server's error about the measures as a whole. */
  dimensions: string
}

/** A filled-in form with its uploaded photos, ready to send. */
export interface Listing {
  values: ProductFormValues
  /** Stored photo URLs, the cover first. */
  images: string[]
}

/** The measures given (typed as the app's language writes them, checked), or null for none. */
export function dimensionsOf(values: Pick<ProductFormValues, DimensionField>): Dimensions | null {
  const dimensions: Dimensions = {}
  for (const { name } of dimensionFields) {
    const text = toDecimalPoint(values[name])
    if (text !== '') dimensions[name] = Number(text)
  }
  return Object.keys(dimensions).length > 0 ? dimensions : null
}

const textFields = [
  'category',
  'product',
  'description',
  'condition',
  'location',
  'resale_price',
  'original_price',
  'purchase_year',
  'use_period',
] as const

/** The form's starting values: empty for a new product, the product's own for an edit. */
export function formValuesOf(product: Product | undefined, sellerPhone: string): ProductFormValues {
  const measure = (name: DimensionField) => {
    const value = product?.dimensions?.[name]
    return value === undefined || value === null ? '' : fromDecimalPoint(value)
  }
  return {
    category: product?.category ?? '',
    product: product?.product ?? '',
    description: product?.description ?? '',
    condition: product?.condition ?? 'Excellent',
    location: product?.location ?? '',
    resale_price: product ? fromDecimalPoint(product.resale_price) : '',
    original_price: product?.original_price != null ? fromDecimalPoint(product.original_price) : '',
    purchase_year: product?.purchase_year != null ? String(product.purchase_year) : '',
    use_period: product?.use_period ?? '',
    seller_phone: product?.seller_phone ?? sellerPhone,
    width_cm: measure('width_cm'),
    depth_cm: measure('depth_cm'),
    height_cm: measure('height_cm'),
    images: '',
    dimensions: '',
  }
}

const optionalDetails = ['description', 'original_price', 'purchase_year', 'use_period'] as const

type OptionalDetail = (typeof optionalDetails)[number]

function isOptional(field: string): field is OptionalDetail {
  return (optionalDetails as readonly string[]).includes(field)
}

/** An amount as typed (with the viewer's decimal separator), as the API reads it: a number. */
function amountOf(text: string): number {
  return Number(toDecimalPoint(text))
}

/**
 * A form value as the API reads it: prices and the year as numbers (the
 * form's checks have passed, so each reads), an optional detail left blank
 * as null (which clears it in a PATCH), the rest as typed.
 */
function sent(field: (typeof textFields)[number], values: ProductFormValues): string | number | null {
  const value = values[field]
  if (isOptional(field) && value.trim() === '') return null
  if (field === 'resale_price' || field === 'original_price') return amountOf(value)
  if (field === 'purchase_year') return Number(value.trim())
  return value
}

/** POST /api/products: what is required, and the optional fields only when given. */
export function newProductOf({ values, images }: Listing): NewProduct {
  const dimensions = dimensionsOf(values)
  const optional = (field: OptionalDetail) => (values[field].trim() ? { [field]: sent(field, values) } : {})
  return {
    category: values.category,
    product: values.product,
    ...optional('description'),
    images,
    ...(dimensions ? { dimensions } : {}),
    condition: values.condition,
    location: values.location,
    resale_price: amountOf(values.resale_price),
    ...optional('original_price'),
    ...optional('purchase_year'),
    ...optional('use_period'),
    ...(values.seller_phone.trim() ? { seller_phone: values.seller_phone } : {}),
  }
}

function sameDimensions(a: Dimensions | null, b: Dimensions | null): boolean {
  return dimensionFields.every(({ name }) => (a?.[name] ?? null) === (b?.[name] ?? null))
}

/** PATCH /api/products/{id}: only what differs from the product; null clears the dimensions or an optional field. */
export function changesOf(product: Product, { values, images }: Listing): ProductChanges {
  const before = formValuesOf(product, '')
  const changes: ProductChanges = {}
  for (const field of textFields) {
    if (values[field] !== before[field]) Object.assign(changes, { [field]: sent(field, values) })
  }
  if (images.join('\n') !== product.images.join('\n')) changes.images = images
  const dimensions = dimensionsOf(values)
  if (!sameDimensions(dimensions, product.dimensions)) changes.dimensions = dimensions
  return changes
}
