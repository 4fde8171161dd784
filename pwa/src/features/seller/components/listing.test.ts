import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { makeProduct } from '@/testing/fixtures'
import { changesOf, checkDimension, checkYear, dimensionsOf, formValuesOf, newProductOf } from './listing'

/** The app shown in German for this test: measures and amounts are then typed with a decimal comma. */
function inGerman() {
  vi.spyOn(i18n, 'locale', 'get').mockReturnValue('de')
  onTestFinished(() => void vi.restoreAllMocks())
}

describe('checkDimension', () => {
  it.each(['', '  ', '180', '90.5', ' 75 ', '.5', '12.', '0.05', '1000', '1000.04'])('accepts %j', (value) => {
    expect(checkDimension(value)).toBe(true)
  })
  it.each(['0', '0.04', '1000.5', '0x1p3', '0x10', '1e2', 'Infinity', 'NaN', '-5', '+5', '12,5', 'deep'])(
    'refuses %j',
    (value) => {
      expect(checkDimension(value)).toBe('Enter a size above 0 and at most 1000 cm')
    },
  )
})

describe('measures typed in German', () => {
  it.each([
    ['90,5', 90.5],
    ['90.5', 90.5],
    [' 75 ', 75],
    ['0,5', 0.5],
  ])('reads %j as %d cm', (typed, cm) => {
    inGerman()
    expect(checkDimension(typed)).toBe(true)
    expect(dimensionsOf({ width_cm: typed, depth_cm: '', height_cm: '' })).toEqual({ width_cm: cm })
  })

  // Grouping is refused in every language rather than read with a separator dropped (905 for "90,5").
  it.each(['90.5.1', '9,0,5', '1.234,5', '90,', ',5,', '1e2'])('refuses %j', (typed) => {
    inGerman()
    expect(checkDimension(typed)).toBe('Enter a size above 0 and at most 1000 cm')
  })

  it('sends the measures as numbers and shows a product’s own with a comma', () => {
    inGerman()
    const values = { ...formValuesOf(undefined, ''), category: 'Sofas', product: 'Sofa', location: 'Mitte', resale_price: '120' }
    const listing = { values: { ...values, width_cm: '90,5', depth_cm: '60', height_cm: '' }, images: ['/images/a.jpg'] }
    expect(newProductOf(listing).dimensions).toEqual({ width_cm: 90.5, depth_cm: 60 })
    const product = makeProduct({ dimensions: { width_cm: 90.5, depth_cm: 60 } })
    expect(formValuesOf(product, '').width_cm).toBe('90,5')
    expect(changesOf(product, { values: formValuesOf(product, ''), images: product.images })).toEqual({})
  })
})

describe('checkYear', () => {
  const now = new Date(2026, 11, 7)
  it.each(['', ' ', '1900', '2026', ' 2019 '])('takes %j', (value) => {
    expect(checkYear(value, now)).toBe(true)
  })
  it.each(['1899', '2027', '19', '20x9', '2019.5', '１９９０'])('refuses %j, as the server would', (value) => {
    expect(checkYear(value, now)).toBe('Enter a year between 1900 and 2026')
  })
})

describe('changesOf', () => {
  const product = makeProduct({ id: 9, resale_price: 120.5, original_price: 900, purchase_year: 2019, use_period: '5 years' })

  it('clears an optional detail emptied in the form with null, and sends prices as numbers', () => {
    // Amounts follow the app's language (lib/decimal).
    vi.spyOn(i18n, 'locale', 'get').mockReturnValue('de')
    onTestFinished(() => void vi.restoreAllMocks())
    const values = formValuesOf(product, '')
    expect(values.resale_price).toBe('120,5')
    expect(
      changesOf(product, {
        values: { ...values, resale_price: '99,90', original_price: '', use_period: '' },
        images: product.images,
      }),
    ).toEqual({
      resale_price: 99.9,
      original_price: null,
      use_period: null,
    })
  })

  it('starts empty where the product has no optional detail, and sends nothing for it unchanged', () => {
    const bare = makeProduct({ id: 9, original_price: null, purchase_year: null, use_period: null })
    const values = formValuesOf(bare, '')
    expect([values.original_price, values.purchase_year, values.use_period]).toEqual(['', '', ''])
    expect(changesOf(bare, { values, images: bare.images })).toEqual({})
  })
})
