// Amounts are typed as the viewer's language writes them ("150,50" in
// de-DE, "150.50" in en-US) and sent as the API reads them: a decimal point.

/** The viewer's language, as the browser says it. */
function viewerLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language
}

const separators = new Map<string, string>()

/** The decimal separator of `locale` (the viewer's by default): ',' in de-DE, '.' in en-US. */
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
 * An amount as typed, with the API's decimal point: "150,50" → "150.50"
 * where the locale writes a decimal comma. A point is read as a decimal
 * point everywhere; anything else is returned trimmed, for the check (or the
 * server) to refuse.
 */
export function toDecimalPoint(text: string, locale: string | undefined = viewerLocale()): string {
  const trimmed = text.trim()
  const separator = decimalSeparator(locale)
  if (separator !== '.' && /^\d*,\d+$/.test(trimmed.replace(separator, ','))) {
    return trimmed.replace(separator, '.')
  }
  return trimmed
}

/** A number as the viewer writes it: 120.5 → "120,5" in de-DE. */
export function fromDecimalPoint(value: number, locale: string | undefined = viewerLocale()): string {
  return String(value).replace('.', decimalSeparator(locale))
}

/** The message for an amount the API would refuse, with an example in the viewer's notation. */
export function amountMessage(locale: string | undefined = viewerLocale()): string {
  return `Enter an amount such as 120 or 120${decimalSeparator(locale)}50`
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
