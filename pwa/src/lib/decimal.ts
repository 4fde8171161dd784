// Amounts are typed as the app's language writes them ("150,50" in German
// and French, "150.50" in English) and sent as the API reads them: a decimal
// point. The form's hint and error say which, in the same language.
import { i18n, intlLocale } from './i18n'

/** The app's language, as Intl names it (lib/i18n). */
function viewerLocale(): string {
  return intlLocale()
}

const separators = new Map<string, string>()

/** The decimal separator of `locale` (the app's by default): ',' in de-DE, '.' in en-US. */
export function decimalSeparator(locale: string | undefined = viewerLocale()): string {
  const key = locale ?? ''
  let separator = separators.get(key)
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
    separators.set(key, separator)
  }
  return separator
}

/**
 * A number as typed (an amount, a measure), with the API's decimal point:
 * "150,50" → "150.50" where the locale writes a decimal comma. A point is
 * read as a decimal point everywhere; anything else is returned trimmed, for
 * the check (or the server) to refuse: a second separator ("90.5.1",
 * "9,0,5") and digit grouping ("1.234,5", "1,234.50") alike, since a number
 * read with a separator dropped (905 for "90,5") is worse than one asked for
 * again.
 */
export function toDecimalPoint(text: string, locale: string | undefined = viewerLocale()): string {
  const trimmed = text.trim()
  const separator = decimalSeparator(locale)
  if (separator !== '.' && /^\d*,\d+$/.test(trimmed.replace(separator, ','))) {
    return trimmed.replace(separator, '.')
  }
  return trimmed
}

/** A number (or the API's text of one) as the app's language writes it: 120.5 → "120,5" in German. */
export function fromDecimalPoint(value: number | string, locale: string | undefined = viewerLocale()): string {
  return String(value).replace('.', decimalSeparator(locale))
}

/** The message for an amount the API would refuse, with an example in the app's notation. */
export function amountMessage(locale: string | undefined = viewerLocale()): string {
  return i18n._({
    id: 'amount.invalid',
    message: 'Enter an amount such as 120 or 120{separator}50',
    values: { separator: decimalSeparator(locale) },
  })
}

const amountPattern = /^\d{1,12}(\.\d{1,2})?$/

/**
 * react-hook-form's check of an amount, as the server makes it once the
 * decimal comma is turned into a point: at most two decimals, no sign or
 * currency. Empty passes (required is its own rule).
 */
export function checkAmount(text: string, locale: string | undefined = viewerLocale()): true | string {
  const amount = toDecimalPoint(text, locale)
  if (amount === '' || amountPattern.test(amount)) return true
  return amountMessage(locale)
}
