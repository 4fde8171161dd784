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

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
]

/** How long ago `time` was (Unix ms): "just now", "5 minutes ago", "yesterday". */
export function formatTimeAgo(time: number, now = Date.now()): string {
  const elapsed = Math.max(0, now - time)
  for (const [unit, ms] of units) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit)
  }
  return 'just now'
}
