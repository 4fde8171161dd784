// A search is its address: every filter lives in the query string of
// /search, under the names GET /api/products takes (docs/api.md), so a search
// can be shared, bookmarked and reopened with Back, and a 422's `fields` name
// the filter at fault. This file turns the address into filters and back.
import { conditionLabel, productStatusLabel } from '@/components/labels'
import { maxPrice } from '@/lib/api/contract.gen'
import { fromDecimalPoint, toDecimalPoint } from '@/lib/decimal'
import { i18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { conditions, type Condition, type ProductStatus } from '@/lib/types'

export const productStatuses = ['Available', 'Reserved', 'Sold'] as const satisfies readonly ProductStatus[]

export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc'] as const
export type SearchSort = (typeof searchSorts)[number]

/** An order's name in the Sort by menu, in the app's language. */
export function sortLabel(sort: SearchSort): string {
  switch (sort) {
    case 'relevance':
      return i18n._({ id: 'search.sort.relevance', message: 'Relevance' })
    case 'newest':
      return i18n._({ id: 'search.sort.newest', message: 'Newest' })
    case 'price_asc':
      return i18n._({ id: 'search.sort.priceAsc', message: 'Price: low to high' })
    case 'price_desc':
      return i18n._({ id: 'search.sort.priceDesc', message: 'Price: high to low' })
  }
}

/** What each parameter is called on screen, for the server's complaints about it; undefined for one it does not know. */
export function filterLabel(name: string): string | undefined {
  switch (name as keyof SearchFilters) {
    case 'q':
      return i18n._({ id: 'search.filter.words', message: 'Search words' })
    case 'category':
      return i18n._({ id: 'search.filter.category', message: 'Category' })
    case 'condition':
      return i18n._({ id: 'search.filter.condition', message: 'Condition' })
    case 'min_price':
      return i18n._({ id: 'search.filter.minPrice', message: 'Min price' })
    case 'max_price':
      return i18n._({ id: 'search.filter.maxPrice', message: 'Max price' })
    case 'location':
      return i18n._({ id: 'search.filter.location', message: 'Location' })
    case 'status':
      return i18n._({ id: 'search.filter.status', message: 'Status' })
    case 'max_width_cm':
      return i18n._({ id: 'search.filter.width', message: 'Width' })
    case 'max_depth_cm':
      return i18n._({ id: 'search.filter.depth', message: 'Depth' })
    case 'max_height_cm':
      return i18n._({ id: 'search.filter.height', message: 'Height' })
    case 'seller':
      return i18n._({ id: 'search.filter.seller', message: 'Seller' })
    case 'sort':
      return i18n._({ id: 'search.filter.sort', message: 'Sort by' })
    default:
      return undefined
  }
}

/** The free-text filters, as typed: the server checks them (422 with `fields`). */
export const textFilters = [
  'q',
  'category',
  'min_price',
  'max_price',
  'location',
  'max_width_cm',
  'max_depth_cm',
  'max_height_cm',
  'seller',
] as const
export type TextFilter = (typeof textFilters)[number]

export type SearchFilters = Record<TextFilter, string> & {
  condition: Condition[]
  /** Empty: the server's default, Available and Reserved. */
  status: ProductStatus[]
  /** Empty: the default, relevance with words and newest without. */
  sort: SearchSort | ''
}

export const emptyFilters: SearchFilters = {
  q: '',
  category: '',
  condition: [],
  min_price: '',
  max_price: '',
  location: '',
  status: [],
  max_width_cm: '',
  max_depth_cm: '',
  max_height_cm: '',
  seller: '',
  sort: '',
}

/** The known values among `raw`, spelt as the server spells them, each once, in the list's order. */
function pick<T extends string>(allowed: readonly T[], raw: string[]): T[] {
  const wanted = new Set(raw.map((value) => value.trim().toLowerCase()))
  return allowed.filter((value) => wanted.has(value.toLowerCase()))
}

/** The filters an address holds; unknown values of the fixed lists are dropped. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = { ...emptyFilters }
  for (const name of textFilters) filters[name] = params.get(name)?.trim() ?? ''
  filters.condition = pick(conditions, params.getAll('condition'))
  filters.status = pick(productStatuses, params.getAll('status'))
  filters.sort = pick(searchSorts, params.getAll('sort').slice(0, 1))[0] ?? ''
  return filters
}

/** The order a search's results come in: relevance needs words. */
export function effectiveSort(filters: SearchFilters): SearchSort {
  const sort = filters.sort || (filters.q ? 'relevance' : 'newest')
  return sort === 'relevance' && !filters.q ? 'newest' : sort
}

/**
 * The address's query string for these filters, always in the same order and
 * without empty ones, so one search has one address (and one cache entry). A
 * sort that is the default anyway is left out.
 */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams()
  const add = (name: string, value: string) => value && params.append(name, value)
  add('q', filters.q.trim())
  add('category', filters.category.trim())
  for (const condition of pick(conditions, filters.condition)) add('condition', condition)
  for (const name of ['min_price', 'max_price', 'location'] as const) add(name, filters[name].trim())
  for (const status of pick(productStatuses, filters.status)) add('status', status)
  for (const name of ['max_width_cm', 'max_depth_cm', 'max_height_cm', 'seller'] as const) add(name, filters[name].trim())
  const defaultSort = filters.q.trim() ? 'relevance' : 'newest'
  if (filters.sort && filters.sort !== defaultSort && !(filters.sort === 'relevance' && !filters.q.trim())) {
    add('sort', filters.sort)
  }
  return params
}

/** '/search?…' for these filters. */
export function searchAddress(filters: SearchFilters): string {
  const query = filtersToParams(filters).toString()
  return query ? `${paths.search}?${query}` : paths.search
}

/** The filters of the panel (what narrows the results), as opposed to the words, seller and order. */
export const panelFilters = [
  'category',
  'condition',
  'min_price',
  'max_price',
  'location',
  'status',
  'max_width_cm',
  'max_depth_cm',
  'max_height_cm',
] as const satisfies readonly (keyof SearchFilters)[]

/**
 * The panel's filters read from its form; the words, seller, order and
 * statuses (set only by a shared address; a chip removes them) stay as they were.
 */
export function filtersFromForm(form: FormData, current: SearchFilters): SearchFilters {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  return {
    ...current,
    category: text('category'),
    condition: pick(conditions, form.getAll('condition').map(String)),
    // Typed as the viewer writes numbers ("150,50" in de-DE), kept as the API reads them.
    min_price: toDecimalPoint(text('min_price')),
    max_price: toDecimalPoint(text('max_price')),
    location: text('location'),
    max_width_cm: toDecimalPoint(text('max_width_cm')),
    max_depth_cm: toDecimalPoint(text('max_depth_cm')),
    max_height_cm: toDecimalPoint(text('max_height_cm')),
  }
}

/** How many of the panel's filters are set (the phone's Filters button shows it). */
export function countPanelFilters(filters: SearchFilters): number {
  return activeFilters(filters).length
}

/** One set filter, as a chip that removes it. */
export interface ActiveFilter {
  key: string
  label: string
  /** The filters without this one. */
  without: SearchFilters
}

/**
 * The panel's filters that are set, each with what removing it leaves:
 * 'Sofas', '$50 – $200', 'Good', 'Fits 80 × 60 × 90 cm', 'Near Riverside'.
 */
export function activeFilters(filters: SearchFilters, formatPrice: (amount: string) => string = (a) => a): ActiveFilter[] {
  const chips: ActiveFilter[] = []
  const add = (key: string, label: string, changes: Partial<SearchFilters>) =>
    chips.push({ key, label, without: { ...filters, ...changes } })
  if (filters.category) add('category', filters.category, { category: '' })
  const { min_price: min, max_price: max } = filters
  if (min && max) {
    add(
      'price',
      i18n._({
        id: 'search.chip.priceRange',
        message: '{min} – {max}',
        values: { min: formatPrice(min), max: formatPrice(max) },
      }),
      {
        min_price: '',
        max_price: '',
      },
    )
  } else if (min) {
    add('price', i18n._({ id: 'search.chip.priceFrom', message: 'From {min}', values: { min: formatPrice(min) } }), {
      min_price: '',
    })
  } else if (max) {
    add('price', i18n._({ id: 'search.chip.priceUpTo', message: 'Up to {max}', values: { max: formatPrice(max) } }), {
      max_price: '',
    })
  }
  for (const condition of filters.condition) {
    add(`condition-${condition}`, conditionLabel(condition), { condition: filters.condition.filter((c) => c !== condition) })
  }
  if (filters.location) {
    add('location', i18n._({ id: 'search.chip.near', message: 'Near {location}', values: { location: filters.location } }), {
      location: '',
    })
  }
  for (const status of filters.status) {
    add(`status-${status}`, productStatusLabel(status), { status: filters.status.filter((s) => s !== status) })
  }
  const fit = fitLabel(filters)
  if (fit) add('fit', fit, { max_width_cm: '', max_depth_cm: '', max_height_cm: '' })
  return chips
}

/** A filter's number (as the API reads it) as the viewer writes it: "90.5" → "90,5" in German; '' stays ''. */
export function typedNumber(value: string): string {
  return /^\d*\.\d+$/.test(value) ? fromDecimalPoint(value) : value
}

/** 'Fits 80 × any × 90 cm' for the 'will it fit' measures given; '' for none. */
export function fitLabel({ max_width_cm: w, max_depth_cm: d, max_height_cm: h }: SearchFilters): string {
  if (!w && !d && !h) return ''
  const any = i18n._({ id: 'search.chip.anyMeasure', message: 'any' })
  return i18n._({
    id: 'search.chip.fits',
    message: 'Fits {width} × {depth} × {height} cm',
    values: { width: typedNumber(w) || any, depth: typedNumber(d) || any, height: typedNumber(h) || any },
  })
}

/** The filters with every panel filter cleared. */
export function withoutPanelFilters(filters: SearchFilters): SearchFilters {
  const cleared: SearchFilters = { ...filters }
  for (const name of panelFilters) Object.assign(cleared, { [name]: emptyFilters[name] })
  return cleared
}

/** The server's rules for a price (app.ParseCents) and a measure, mirrored to catch mistakes as they are typed. */
const pricePattern = /^\d{1,12}(\.\d{1,2})?$/
const measurePattern = /^(\d{1,12}(\.\d{0,12})?|\.\d{1,12})$/
const maxPriceCents = maxPrice * 100
const maxFitCm = 100_000

function priceProblem(raw: string): string | undefined {
  if (!raw) return undefined
  if (raw.startsWith('-')) return i18n._({ id: 'search.problem.negativePrice', message: 'Use an amount of 0 or more' })
  if (!pricePattern.test(raw) || Math.round(Number(raw) * 100) > maxPriceCents) {
    return i18n._({ id: 'search.problem.price', message: 'Use an amount such as 120 or 120.50' })
  }
  return undefined
}

function measureProblem(raw: string): string | undefined {
  if (!raw) return undefined
  const ok = measurePattern.test(raw) && Number(raw) > 0 && Number(raw) <= maxFitCm
  return ok ? undefined : i18n._({ id: 'search.problem.measure', message: 'Use centimetres over 0' })
}

/**
 * What is wrong with the typed filters, by parameter, in the server's words
 * (GET /api/products answers the same with a 422): caught before Apply.
 */
export function filterProblems(
  filters: Pick<SearchFilters, 'min_price' | 'max_price' | 'max_width_cm' | 'max_depth_cm' | 'max_height_cm'>,
): Partial<Record<TextFilter, string>> {
  const problems: Partial<Record<TextFilter, string>> = {}
  const set = (name: TextFilter, problem: string | undefined) => problem && (problems[name] = problem)
  const min = filters.min_price.trim()
  const max = filters.max_price.trim()
  set('min_price', priceProblem(min))
  set('max_price', priceProblem(max))
  if (min && max && !problems.min_price && !problems.max_price && Number(max) < Number(min)) {
    problems.max_price = i18n._({ id: 'search.problem.maxBelowMin', message: 'Must be at least the lowest price' })
  }
  for (const name of ['max_width_cm', 'max_depth_cm', 'max_height_cm'] as const) set(name, measureProblem(filters[name].trim()))
  return problems
}
