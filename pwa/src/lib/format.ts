// Display rules from the spec: prices with a '$' suffix, posted date as the
// first ten characters of the time.

/** 120.5 → "120.50$". */
export function formatPrice(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(amount)) return `${value}$`
  return `${amount.toFixed(2)}$`
}

/** "2026-11-22T10:15:00.000Z" → "2026-11-22". */
export function formatPostedDate(time: string): string {
  return time.slice(0, 10)
}

/** "1 product found", "3 products found", "No products found". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  if (count === 0) return `No ${plural} found`
  return `${count} ${count === 1 ? singular : plural} found`
}
