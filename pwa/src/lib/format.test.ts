import { describe, expect, it } from 'vitest'
import { formatDate, formatPostedDate, formatPrice, formatTimeAgo } from './format'
import { activate } from './i18n'

describe('format', () => {
  it.each([
    [420, '$420'],
    [120.5, '$120.50'],
    [0, '$0'],
    ['15.25', '$15.25'],
    [1234.5, '$1,234.50'],
  ])('formats price %s as %s in en-US', (value, text) => {
    expect(formatPrice(value, 'usd', 'en-US')).toBe(text)
  })

  it("follows the viewer's locale, and the marketplace's currency", () => {
    // Intl puts a no-break space between the amount and the symbol.
    expect(formatPrice(420, 'usd', 'de-DE')).toBe('420\u00a0$')
    expect(formatPrice(45.5, 'usd', 'de-DE')).toBe('45,50\u00a0$')
    expect(formatPrice(45.5, 'eur', 'de-DE')).toBe('45,50\u00a0€')
    expect(formatPrice(45.5, 'eur', 'en-US')).toBe('€45.50')
    expect(formatPrice(1200, 'jpy', 'en-US')).toBe('¥1,200')
  })

  it('falls back to dollars for a currency code Intl does not know, and shows a non-number as is', () => {
    expect(formatPrice(45.5, 'not a code', 'en-US')).toBe('$45.50')
    expect(formatPrice('n/a', 'usd', 'en-US')).toBe('n/a')
  })

  it('shows the posted date as a short day, with the year when it is not this one', () => {
    const now = new Date('2026-12-07T12:00:00Z')
    expect(formatPostedDate('2026-11-22T10:15:00.000Z', now)).toBe('Nov 22')
    expect(formatPostedDate('2025-12-07T10:15:00.000Z', now)).toBe('Dec 7, 2025')
    expect(formatPostedDate('not a time', now)).toBe('not a time')
  })

  it('says how long ago something was saved', () => {
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(formatTimeAgo(now - 20_000, now)).toBe('just now')
    expect(formatTimeAgo(now - 60_000, now)).toBe('1 minute ago')
    expect(formatTimeAgo(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect(formatTimeAgo(now - 3 * 3600_000, now)).toBe('3 hours ago')
    expect(formatTimeAgo(now - 26 * 3600_000, now)).toBe('yesterday')
    expect(formatTimeAgo(now + 5000, now)).toBe('just now')
  })

  it('writes prices, dates and times ago as the active language does', async () => {
    await activate('de')
    expect(formatPrice(45.5, 'eur')).toMatch(/^45,50\s€$/)
    expect(formatDate('2026-11-25T12:00:00Z')).toBe('25.11.2026')
    const now = Date.parse('2026-11-25T12:00:00Z')
    expect(formatTimeAgo(now - 26 * 3600_000, now)).toBe('gestern')
    expect(formatTimeAgo(now - 20_000, now)).toBe('gerade eben')
    const today = new Date('2026-12-20T12:00:00Z')
    expect(formatPostedDate('2026-12-07T10:15:00Z', today)).toBe('7. Dez.')
    expect(formatPostedDate('2025-12-07T10:15:00Z', today)).toBe('7. Dez. 2025')
    await activate('fr')
    expect(formatPrice(420, 'eur')).toMatch(/^420\s€$/)
    expect(formatPostedDate('2026-12-07T10:15:00Z', today)).toBe('7 déc.')
    expect(formatTimeAgo(now, now)).toBe('à l’instant')
  })
})
