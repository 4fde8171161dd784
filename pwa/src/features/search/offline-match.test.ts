import { describe, expect, it } from 'vitest'
import { makeProduct } from '@/testing/fixtures'
import { emptyFilters, type SearchFilters } from './filters'
import { fold, matchProducts, searchWords, singular } from './offline-match'

const search = (filters: Partial<SearchFilters>) => ({ ...emptyFilters, ...filters })
const names = (products: { product: string }[]) => products.map((p) => p.product)

const sofa = makeProduct({
  id: 1,
  product: 'Teal velvet sofa',
  category: 'Sofas',
  description: 'Three seats, no stains.',
  location: 'Riverside',
  resale_price: 240,
  condition: 'Good',
  dimensions: { width_cm: 210, depth_cm: 90, height_cm: 85 },
  time: '2026-11-20T10:00:00.000Z',
})
const cafeTable = makeProduct({
  id: 2,
  product: 'Café table',
  category: 'Tables',
  description: 'Round, fits two chairs.',
  location: 'Old Town',
  resale_price: 60,
  condition: 'Fair',
  dimensions: { width_cm: 70, depth_cm: 70 },
  time: '2026-11-21T10:00:00.000Z',
})
const chairs = makeProduct({
  id: 3,
  product: 'Two oak chairs',
  category: 'Chairs',
  description: 'A pair, sturdy.',
  location: 'Riverside',
  resale_price: 60,
  condition: 'Excellent',
  dimensions: null,
  time: '2026-11-22T10:00:00.000Z',
})
const benches = makeProduct({
  id: 4,
  product: 'Garden benches',
  category: 'Garden',
  description: 'Weathered teak.',
  location: 'Hillside',
  resale_price: 95,
  status: 'Reserved',
  time: '2026-11-19T10:00:00.000Z',
})
const soldLamp = makeProduct({
  id: 5,
  product: 'Brass lamp',
  category: 'Lamps',
  description: 'Warm light next to the sofa.',
  location: 'Riverside',
  resale_price: 30,
  status: 'Sold',
  time: '2026-11-23T10:00:00.000Z',
})
const all = [sofa, cafeTable, chairs, benches, soldLamp]

describe('words', () => {
  it('fold case and accents, and split on anything but letters and digits', () => {
    expect(fold('Café CRÈME')).toBe('cafe creme')
    expect(searchWords('"oak" -table* NEAR/2 (chairs)')).toEqual(['oak', 'table', 'near', '2', 'chairs'])
    expect(searchWords('  ')).toEqual([])
  })

  it('fold simple plurals', () => {
    expect(['chairs', 'benches', 'boxes', 'dresses', 'cities', 'sofas', 'glass', 'bus', 'lamp'].map(singular)).toEqual([
      'chair',
      'bench',
      'box',
      'dress',
      'city',
      'sofa',
      'glass',
      'bus',
      'lamp',
    ])
  })
})

describe('searching the saved listings', () => {
  it('finds a word as the start of a word of the name, description, category or location', () => {
    expect(names(matchProducts(all, search({ q: 'sof' })))).toEqual(['Teal velvet sofa'])
    expect(names(matchProducts(all, search({ q: 'stain' })))).toEqual(['Teal velvet sofa'])
    expect(names(matchProducts(all, search({ q: 'garden' })))).toEqual(['Garden benches'])
    expect(names(matchProducts(all, search({ q: 'hills' })))).toEqual(['Garden benches'])
    // Inside a word is not the start of it.
    expect(matchProducts(all, search({ q: 'elvet' }))).toEqual([])
  })

  it('needs every word', () => {
    expect(names(matchProducts(all, search({ q: 'riverside oak' })))).toEqual(['Two oak chairs'])
    expect(matchProducts(all, search({ q: 'oak sofa' }))).toEqual([])
  })

  it('ignores case, accents and simple plurals', () => {
    expect(names(matchProducts(all, search({ q: 'CAFE' })))).toEqual(['Café table'])
    expect(names(matchProducts(all, search({ q: 'chair' })))).toContain('Two oak chairs')
    expect(names(matchProducts(all, search({ q: 'bench' })))).toEqual(['Garden benches'])
    expect(names(matchProducts(all, search({ q: 'tables' })))).toEqual(['Café table'])
  })

  it('puts a match in the name before one in the description', () => {
    // 'chairs' is the name of one and in the description of the other.
    expect(names(matchProducts(all, search({ q: 'chairs' })))).toEqual(['Two oak chairs', 'Café table'])
  })

  it('leaves out sold listings unless asked, like the server', () => {
    expect(names(matchProducts(all, search({ q: 'sofa' })))).toEqual(['Teal velvet sofa'])
    expect(names(matchProducts(all, search({ q: 'sofa', status: ['Sold'] })))).toEqual(['Brass lamp'])
    expect(names(matchProducts(all, search({ status: ['Reserved'] })))).toEqual(['Garden benches'])
  })

  it('applies the category (any case), conditions, prices and location', () => {
    expect(names(matchProducts(all, search({ category: 'tables' })))).toEqual(['Café table'])
    expect(names(matchProducts(all, search({ condition: ['Excellent', 'Fair'] })))).toEqual(['Two oak chairs', 'Café table'])
    expect(names(matchProducts(all, search({ min_price: '60', max_price: '100' })))).toEqual([
      'Two oak chairs',
      'Café table',
      'Garden benches',
    ])
    expect(names(matchProducts(all, search({ location: 'RIVER' })))).toEqual(['Two oak chairs', 'Teal velvet sofa'])
  })

  it('fits: leaves out what is larger and what lacks the measure asked about', () => {
    expect(names(matchProducts(all, search({ max_width_cm: '100' })))).toEqual(['Café table'])
    expect(names(matchProducts(all, search({ max_width_cm: '300', max_height_cm: '100' })))).toEqual(['Teal velvet sofa'])
    expect(matchProducts(all, search({ max_depth_cm: '50' }))).toEqual([])
  })

  it("finds a seller's listings by the seller's id, when the saved answer has it", () => {
    const mine = { ...chairs, seller_id: 7 }
    expect(names(matchProducts([sofa, mine], search({ seller: '7' })))).toEqual(['Two oak chairs'])
    expect(matchProducts([sofa, chairs], search({ seller: '7' }))).toEqual([])
  })

  it('sorts newest first, by price either way, ties newest first', () => {
    expect(names(matchProducts(all, search({})))).toEqual(['Two oak chairs', 'Café table', 'Teal velvet sofa', 'Garden benches'])
    expect(names(matchProducts(all, search({ sort: 'price_asc' })))).toEqual([
      'Two oak chairs',
      'Café table',
      'Garden benches',
      'Teal velvet sofa',
    ])
    expect(names(matchProducts(all, search({ sort: 'price_desc' })))).toEqual([
      'Teal velvet sofa',
      'Garden benches',
      'Two oak chairs',
      'Café table',
    ])
    expect(names(matchProducts(all, search({ q: 'riverside', sort: 'newest' })))).toEqual(['Two oak chairs', 'Teal velvet sofa'])
  })

  it('gives back only listings it was given', () => {
    expect(matchProducts([], search({ q: 'sofa' }))).toEqual([])
  })
})
