import { describe, expect, it } from 'vitest'
import { countLabel, formatPostedDate, formatPrice } from './format'

describe('format', () => {
  it.each([
    [120.5, '120.50$'],
    [0, '0.00$'],
    [99, '99.00$'],
    ['15.25', '15.25$'],
  ])('formats price %s as %s', (value, text) => {
    expect(formatPrice(value)).toBe(text)
  })

  it('shows the posted date as the first ten characters of the time', () => {
    expect(formatPostedDate('2026-11-22T10:15:00.000Z')).toBe('2026-11-22')
  })

  it('counts found things', () => {
    expect(countLabel(0, 'product')).toBe('No products found')
    expect(countLabel(1, 'product')).toBe('1 product found')
    expect(countLabel(3, 'product')).toBe('3 products found')
  })
})
