// Display rules: prices in the app's language and the marketplace's currency.
// Numbers and dates are written as the active language writes them
// (lib/i18n, intlLocale), never as the API sends them.
import { i18n, intlLocale } from './i18n'

/** The currency when the server names none (ISO 4217, as the server sends it). */
export const defaultCurrency = 'usd'

const priceFormats = new Map<string, Intl.NumberFormat>()

function priceFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let format = priceFormats.get(key)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currency.toUpperCase(),
        // $420 for a whole amount, $45.50 otherwise.
        trailingZeroDisplay: 'stripIfInteger',
      })
    } catch (error) {
      // A code Intl does not know: show the default currency rather than nothing.
      if (currency === defaultCurrency) throw error
      return priceFormat(defaultCurrency, locale)
    }
    priceFormats.set(key, format)
  }
  return format
}

/**
 * A price in the app's language (or `locale`): 420 → "$420", 45.5 → "$45.50"
 * in en-US; "420 $" and "45,50 $" in de-DE. Screens get the marketplace's
 * currency from useFormatPrice() (lib/currency.ts).
 */
export function formatPrice(value: number | string, currency: string = defaultCurrency, locale = intlLocale()): string {
  const amount = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(amount)) return String(value)
  return priceFormat(currency, locale).format(amount)
}

/**
 * The day a listing was posted or a booking made, short, as the app's
 * language writes it in the viewer's zone: "7. Dez." in German, "7 déc." in
 * French, "Dec 7" in English; with the year when it is not this one.
 */
export function formatPostedDate(time: string, now: Date = new Date()): string {
  const date = new Date(time)
  if (Number.isNaN(date.getTime())) return time
  const style: Intl.DateTimeFormatOptions =
    date.getFullYear() === now.getFullYear()
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' }
  return dateTimeFormat(style).format(date)
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Intl.DateTimeFormat for the app's language, made once per language and `style`. */
export function dateTimeFormat(style: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale()
  const key = `${locale}|${JSON.stringify(style)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, style)
    dateFormats.set(key, format)
  }
  return format
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = intlLocale()
  let format = relativeFormats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormats.set(locale, format)
  }
  return format
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
]

/** How long ago `time` was (Unix ms): "just now", "5 minutes ago", "yesterday". */
export function formatTimeAgo(time: number, now = Date.now()): string {
  const elapsed = Math.max(0, now - time)
  for (const [unit, ms] of units) {
    if (elapsed >= ms) return relativeFormat().format(-Math.floor(elapsed / ms), unit)
  }
  return i18n._({ id: 'time.justNow', message: 'just now' })
}

/** A time in the app's language and the viewer's zone: "Nov 25, 2026, 10:15 AM" in en-US (a pickup time, a message's). */
export function formatDateTime(time: string): string {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time))
}

/** A day in the app's language and the viewer's zone: "Nov 25, 2026" in en-US (a handover's, a review's). */
export function formatDate(time: string): string {
  return dateTimeFormat({ dateStyle: 'medium' }).format(new Date(time))
}
