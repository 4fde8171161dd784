// Search without the server: the same words, filters and order as GET
// /api/products (docs/api.md), applied to the listings saved on the device.
// It only narrows and orders what it is given, so it never shows a listing
// the server did not send. Where the server does more (its stemmer, its
// ranking, listings never seen here) the answer is the closest this data
// allows.
import type { Dimensions, Product, ProductStatus } from '@/lib/types'
import { effectiveSort, type SearchFilters, type SearchSort, type TextFilter } from './filters'

/** What the server shows when no status is asked for. */
const defaultStatuses: readonly ProductStatus[] = ['Available', 'Reserved']

/** Lower case without accents, as the server compares: 'Café' → 'cafe'. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
}

/** The words of a text: runs of letters and digits; anything else (quotes, stars, dashes) only parts them. */
export function searchWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** A simple singular: 'chairs' → 'chair', 'benches' → 'bench', 'cities' → 'city'; 'glass' stays. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1)
  return word
}

/** A word of the query matches a word of the text that starts with it, either as written or in the singular. */
function matchesWord(query: string, word: string): boolean {
  return word.startsWith(query) || singular(word).startsWith(singular(query))
}

/** The fields searched, and how much each weighs in the order by relevance: the name most. */
const fields: { weight: number; text: (p: Product) => string }[] = [
  { weight: 10, text: (p) => p.product },
  { weight: 4, text: (p) => p.category },
  { weight: 2, text: (p) => p.location },
  { weight: 1, text: (p) => p.description },
]

/**
 * How well a product matches the words: 0 when some word is in none of its
 * fields; otherwise, for each word, the weight of the heaviest field holding it.
 */
export function relevance(product: Product, words: string[]): number {
  const fieldWords = fields.map(({ weight, text }) => ({ weight, words: searchWords(text(product)) }))
  let score = 0
  for (const query of words) {
    let best = 0
    for (const field of fieldWords) {
      if (field.weight > best && field.words.some((word) => matchesWord(query, word))) best = field.weight
    }
    if (best === 0) return 0
    score += best
  }
  return score
}

/** A price or measure as typed; null when it is not a number (the server would say so). */
function amount(raw: string): number | null {
  if (!raw.trim()) return null
  const value = Number(raw.trim())
  return Number.isFinite(value) ? value : null
}

const measures: [TextFilter, keyof Dimensions][] = [
  ['max_width_cm', 'width_cm'],
  ['max_depth_cm', 'depth_cm'],
  ['max_height_cm', 'height_cm'],
]

/** Whether a product passes every filter but the words. */
export function passesFilters(product: Product, filters: SearchFilters): boolean {
  if (filters.category && fold(product.category) !== fold(filters.category)) return false
  if (filters.condition.length > 0 && !filters.condition.includes(product.condition)) return false
  const statuses = filters.status.length > 0 ? filters.status : defaultStatuses
  if (!statuses.includes(product.status)) return false
  const min = amount(filters.min_price)
  const max = amount(filters.max_price)
  if (min !== null && product.resale_price < min) return false
  if (max !== null && product.resale_price > max) return false
  if (filters.location && !fold(product.location).includes(fold(filters.location))) return false
  for (const [filter, measure] of measures) {
    const most = amount(filters[filter])
    if (most === null) continue
    // A listing without that measure cannot be said to fit: left out, as the server does.
    const value = product.dimensions?.[measure]
    if (typeof value !== 'number' || value > most) return false
  }
  if (filters.seller && String(product.seller_id ?? '') !== filters.seller) return false
  return true
}

/** Newest first; the same time goes by id, newest first too. */
function newestFirst(a: Product, b: Product): number {
  return Date.parse(b.time) - Date.parse(a.time) || b.id - a.id
}

interface Scored {
  product: Product
  score: number
}

const orders: Record<SearchSort, (a: Scored, b: Scored) => number> = {
  relevance: (a, b) => b.score - a.score,
  newest: () => 0,
  price_asc: (a, b) => a.product.resale_price - b.product.resale_price,
  price_desc: (a, b) => b.product.resale_price - a.product.resale_price,
}

/** The products that match the search, in its order; ties go newest first. */
export function matchProducts(products: Product[], filters: SearchFilters): Product[] {
  const words = searchWords(filters.q)
  const matched: Scored[] = []
  for (const product of products) {
    if (!passesFilters(product, filters)) continue
    const score = words.length > 0 ? relevance(product, words) : 0
    if (words.length > 0 && score === 0) continue
    matched.push({ product, score })
  }
  const order = orders[effectiveSort(filters)]
  return matched.sort((a, b) => order(a, b) || newestFirst(a.product, b.product)).map(({ product }) => product)
}
