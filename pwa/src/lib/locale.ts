// Which language to show and where its catalog is, without Lingui itself:
// main.tsx, the first script, starts loading the catalog from here.
import type { Messages } from '@lingui/core'

export const locales = ['en', 'de', 'fr'] as const
export type Locale = (typeof locales)[number]

/** Each language in its own words, for pickers. */
export const localeNames: Record<Locale, string> = { en: 'English', de: 'Deutsch', fr: 'Français' }

export const defaultLocale: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/**
 * Starts loading a language's catalog: main.tsx asks for the likely one while
 * the app's code loads, and activate() then finds it there.
 */
export function loadCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return catalogs[locale]()
}

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('@/locales/en/messages'),
  de: () => import('@/locales/de/messages'),
  fr: () => import('@/locales/fr/messages'),
}

/** A visitor's own pick in the footer, kept on the device. */
const storageKey = 'rehome.language'

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(storageKey, locale)
  } catch {
    // Not remembered, but still shown.
  }
}

function storedLocale(): Locale | undefined {
  try {
    const stored = localStorage.getItem(storageKey)
    return isLocale(stored) ? stored : undefined
  } catch {
    // Storage can be switched off; the pick then lasts as long as the page.
    return undefined
  }
}

/** The first of the browser's languages that we have ('de-AT' is German). */
function browserLocale(): Locale | undefined {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return preferred.map((tag) => tag?.toLowerCase().split('-')[0]).find(isLocale)
}

/** A `language` the server may send on an object whose generated type does not have it yet. */
function languageOf(value: unknown): Locale | undefined {
  const language = (value as { language?: unknown } | null | undefined)?.language
  return isLocale(language) ? language : undefined
}

/**
 * The language to show: the signed-in person's, else the one this browser
 * picked in the footer, else the browser's own, else the marketplace's
 * (GET /api/site), else English.
 */
export function chooseLocale({ user, site }: { user?: unknown; site?: unknown } = {}): Locale {
  return languageOf(user) ?? storedLocale() ?? browserLocale() ?? languageOf(site) ?? defaultLocale
}
