import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import {
  activeFilters,
  filterProblems,
  countPanelFilters,
  effectiveSort,
  emptyFilters,
  filtersFromForm,
  filtersFromParams,
  filtersToParams,
  fitLabel,
  searchAddress,
  withoutPanelFilters,
} from './filters'

const read = (query: string) => filtersFromParams(new URLSearchParams(query))

describe('search filters and the address', () => {
  it('reads every filter from the query string', () => {
    const filters = read(
      'q=oak+table&category=Tables&condition=Good&condition=Fair&min_price=10&max_price=200&location=River' +
        '&status=Sold&max_width_cm=120&max_depth_cm=60&max_height_cm=80&seller=7&sort=price_asc',
    )
    expect(filters).toEqual({
      q: 'oak table',
      category: 'Tables',
      condition: ['Good', 'Fair'],
      min_price: '10',
      max_price: '200',
      location: 'River',
      status: ['Sold'],
      max_width_cm: '120',
      max_depth_cm: '60',
      max_height_cm: '80',
      seller: '7',
      sort: 'price_asc',
    })
  })

  it('gives the same address back, so a shared or bookmarked search opens as it was', () => {
    const query =
      'q=oak+table&category=Tables&condition=Good&condition=Fair&min_price=10&max_price=200&location=River' +
      '&status=Sold&max_width_cm=120&max_depth_cm=60&max_height_cm=80&seller=7&sort=price_asc'
    expect(filtersToParams(read(query)).toString()).toBe(query)
  })

  it('writes one address per search: a fixed order, no empty filters, no default sort', () => {
    expect(filtersToParams(read('sort=newest&condition=fair&q=sofa&min_price=&category=')).toString()).toBe(
      'q=sofa&condition=Fair&sort=newest',
    )
    expect(filtersToParams(read('q=sofa&sort=relevance')).toString()).toBe('q=sofa')
    expect(filtersToParams(read('sort=newest')).toString()).toBe('')
    // Relevance needs words: without them it means newest.
    expect(filtersToParams(read('sort=relevance')).toString()).toBe('')
  })

  it('drops values the server does not know from the fixed lists, and keeps typed ones for the server to check', () => {
    const filters = read('condition=Broken&condition=GOOD&condition=Good&status=Lost&sort=cheapest&min_price=abc')
    expect(filters.condition).toEqual(['Good'])
    expect(filters.status).toEqual([])
    expect(filters.sort).toBe('')
    expect(filters.min_price).toBe('abc')
  })

  it('orders by relevance with words and by newest without, unless told', () => {
    expect(effectiveSort(read('q=lamp'))).toBe('relevance')
    expect(effectiveSort(read(''))).toBe('newest')
    expect(effectiveSort(read('q=lamp&sort=price_desc'))).toBe('price_desc')
    expect(effectiveSort(read('sort=relevance'))).toBe('newest')
  })

  it('links to /search with the query string', () => {
    expect(searchAddress({ ...emptyFilters, q: 'table', seller: '3' })).toBe('/search?q=table&seller=3')
    expect(searchAddress(emptyFilters)).toBe('/search')
  })

  it("reads the panel's form, keeping the words, seller, order and statuses", () => {
    const form = new FormData()
    form.set('category', 'Sofas')
    form.append('condition', 'Excellent')
    form.append('condition', 'Fair')
    form.set('min_price', ' 20 ')
    form.set('max_price', '')
    form.set('location', 'Riverside')
    form.set('max_width_cm', '200')
    form.set('max_depth_cm', '')
    form.set('max_height_cm', '90')
    const current = read('q=velvet&seller=4&sort=price_asc&status=Sold&category=Lamps&max_price=5')
    expect(filtersFromForm(form, current)).toEqual({
      ...current,
      category: 'Sofas',
      condition: ['Excellent', 'Fair'],
      min_price: '20',
      max_price: '',
      location: 'Riverside',
      max_width_cm: '200',
      max_depth_cm: '',
      max_height_cm: '90',
    })
  })

  it('reads prices typed with the decimal comma of the app’s language', () => {
    vi.spyOn(i18n, 'locale', 'get').mockReturnValue('de')
    onTestFinished(() => void vi.restoreAllMocks())
    const form = new FormData()
    form.set('min_price', '20,50')
    form.set('max_price', '100')
    expect(filtersFromForm(form, emptyFilters)).toMatchObject({ min_price: '20.50', max_price: '100' })
  })

  it('reads measures typed with the decimal comma of the app’s language, and refuses a misread one', () => {
    vi.spyOn(i18n, 'locale', 'get').mockReturnValue('de')
    onTestFinished(() => void vi.restoreAllMocks())
    const form = new FormData()
    form.set('max_width_cm', '90,5')
    form.set('max_depth_cm', '9,0,5')
    form.set('max_height_cm', '90.5.1')
    const filters = filtersFromForm(form, emptyFilters)
    expect(filters).toMatchObject({ max_width_cm: '90.5' })
    expect(filterProblems(filters)).toEqual({ max_depth_cm: 'Use centimetres over 0', max_height_cm: 'Use centimetres over 0' })
    expect(fitLabel({ ...emptyFilters, max_width_cm: '90.5' })).toBe('Fits 90,5 × any × any cm')
  })

  it('names each filter in use, with what removing it leaves', () => {
    const filters = read(
      'q=sofa&category=Sofas&min_price=50&max_price=200&condition=Good&location=River&max_width_cm=180&max_height_cm=90',
    )
    const chips = activeFilters(filters, (amount) => `$${amount}`)
    expect(chips.map((chip) => chip.label)).toEqual(['Sofas', '$50 – $200', 'Good', 'Near River', 'Fits 180 × any × 90 cm'])
    expect(filtersToParams(chips[1]!.without).toString()).toBe(
      'q=sofa&category=Sofas&condition=Good&location=River&max_width_cm=180&max_height_cm=90',
    )
    expect(filtersToParams(chips[4]!.without).toString()).toBe(
      'q=sofa&category=Sofas&condition=Good&min_price=50&max_price=200&location=River',
    )
    expect(activeFilters(read('max_price=80')).map((chip) => chip.label)).toEqual(['Up to 80'])
    expect(activeFilters(read('min_price=80')).map((chip) => chip.label)).toEqual(['From 80'])
    expect(countPanelFilters(filters)).toBe(5)
    expect(countPanelFilters(read('q=sofa&seller=2&sort=newest'))).toBe(0)
  })

  it('clears the panel, keeping the words, seller and order', () => {
    const cleared = withoutPanelFilters(
      read('q=sofa&category=Sofas&condition=Good&status=Sold&seller=2&sort=price_asc&max_depth_cm=4'),
    )
    expect(filtersToParams(cleared).toString()).toBe('q=sofa&seller=2&sort=price_asc')
  })
})

describe('filterProblems', () => {
  const problems = (changes: Partial<typeof emptyFilters>) => filterProblems({ ...emptyFilters, ...changes })
  it('accepts what the server accepts', () => {
    expect(problems({})).toEqual({})
    expect(
      problems({ min_price: '0', max_price: '120.50', max_width_cm: '80', max_depth_cm: '.5', max_height_cm: '90.' }),
    ).toEqual({})
    expect(problems({ min_price: '20', max_price: '20' })).toEqual({})
  })
  it('says what the server would, in its words', () => {
    expect(problems({ min_price: 'ten' })).toEqual({ min_price: 'Use an amount such as 120 or 120.50' })
    expect(problems({ max_price: '1.234' })).toEqual({ max_price: 'Use an amount such as 120 or 120.50' })
    expect(problems({ min_price: '-1' })).toEqual({ min_price: 'Use an amount of 0 or more' })
    expect(problems({ min_price: '200', max_price: '50' })).toEqual({ max_price: 'Must be at least the lowest price' })
    expect(problems({ max_width_cm: '0', max_height_cm: 'tall' })).toEqual({
      max_width_cm: 'Use centimetres over 0',
      max_height_cm: 'Use centimetres over 0',
    })
  })
})
