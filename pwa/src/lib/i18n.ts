// The web app's languages, with Lingui's runtime (the first script's budget,
// docs/benchmarks.md, has no room for i18next or react-intl). Production
// builds leave the English texts to the English catalog and shorten the ids
// (scripts/slim-i18n.ts): write ids and messages as literal strings.
//
// Messages are plain descriptors: i18n._({ id: 'login.title', message: 'Login' })
// and <Trans id=… message=…> from @lingui/react, which `lingui extract`
// finds without any compile step. Lingui's macros (t`…`, <Trans>Login</Trans>)
// are rewritten at build time by a Babel (or SWC) plugin, and
// @vitejs/plugin-react 6 has no Babel any more (it transforms with Oxc):
// macros would need @rolldown/plugin-babel and @babel/core running over every
// file of the build and of each test run, for shorter source only.
//
// Only the active language's catalog is ever loaded, each as a chunk of its
// own (src/locales/<locale>/messages.ts, compiled from the .po files by
// `npm run i18n:compile`).
import { i18n, type I18n } from '@lingui/core'
import { LinguiContext } from '@lingui/react'
import { useContext } from 'react'
import { defaultLocale, isLocale, loadCatalog, storeLocale, type Locale } from './locale'

export { i18n }
export { chooseLocale, defaultLocale, isLocale, localeNames, locales, type Locale } from './locale'

let wanted: Locale | undefined

/**
 * Loads `locale`'s catalog and shows the app in it; <html lang> follows. When
 * asked for another language before a catalog has arrived, the last ask wins.
 */
export async function activate(locale: Locale): Promise<void> {
  wanted = locale
  if (i18n.locale !== locale) {
    const { messages } = await loadCatalog(locale)
    if (wanted !== locale) return
    i18n.loadAndActivate({ locale, messages })
  }
  document.documentElement.lang = locale
  document.documentElement.dir = rightToLeft.has(locale) ? 'rtl' : 'ltr'
}

/** Languages written right to left; the layout mirrors for them (logical properties). */
const rightToLeft = new Set(['ar', 'fa', 'he', 'ur'])

/** A language picked by hand: shown at once, and remembered on this device. */
export function setLanguage(locale: Locale): Promise<void> {
  storeLocale(locale)
  return activate(locale)
}

/**
 * The i18n of the nearest I18nProvider, so that a component redraws when the
 * language changes; outside one (a component drawn alone in a test), the
 * app's. Name it i18n: `lingui extract` finds the i18n._(…) calls.
 */
export function useI18n(): I18n {
  return useContext(LinguiContext)?.i18n ?? i18n
}

/** The active language. */
export function useLocale(): Locale {
  const locale = useI18n().locale
  return isLocale(locale) ? locale : defaultLocale
}

/**
 * The locale to give Intl for the active language: the browser's own variant
 * of it when it has one (en-GB writes dates unlike en-US), else the language.
 */
export function intlLocale(locale: string = i18n.locale || defaultLocale): string {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === locale) ?? locale
}
