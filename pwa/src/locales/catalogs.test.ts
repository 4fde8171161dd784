import { describe, expect, it } from 'vitest'
import { locales } from '@/lib/i18n'
import { messages as compiledDe } from './de/messages'
import { messages as compiledEn } from './en/messages'
import { messages as compiledFr } from './fr/messages'
import de from './de/messages.po?raw'
import en from './en/messages.po?raw'
import fr from './fr/messages.po?raw'

/** A .po file's entries, id → translation (the header, whose id is empty, left out). */
function entries(po: string): Map<string, string> {
  const found = new Map<string, string>()
  // A string may go on over the following lines, each a quoted piece.
  const text = (quoted: string) =>
    [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, piece]) => JSON.parse(`"${piece}"`) as string).join('')
  for (const [, id, translation] of po.matchAll(/^msgid ((?:".*"\s*)+)msgstr ((?:".*"\s*)+)/gm)) {
    const key = text(id)
    if (key) found.set(key, text(translation))
  }
  return found
}

const catalogs = { en: entries(en), de: entries(de), fr: entries(fr) }
const compiled = { en: compiledEn, de: compiledDe, fr: compiledFr }

describe('the message catalogs', () => {
  it('have every English message, each in every language', () => {
    expect(catalogs.en.size).toBeGreaterThan(0)
    for (const locale of locales) {
      const untranslated = [...catalogs.en.keys()].filter((id) => !catalogs[locale].get(id)?.trim())
      expect(untranslated, `untranslated in ${locale}`).toEqual([])
    }
  })

  it('have nothing that English does not', () => {
    for (const locale of locales) {
      expect([...catalogs[locale].keys()].filter((id) => !catalogs.en.has(id)), `only in ${locale}`).toEqual([])
    }
  })

  it('are compiled as they are now (npm run i18n:compile)', () => {
    // Compiled, "Hi {name}" is ["Hi ", ["name"]], and "{count, plural, =0 {none}
    // one {# listing} other {# listings}}" is [["count", "plural", {"0": ["none"],
    // one: ["#", " listing"], other: ["#", " listings"]}]].
    const written = (message: unknown): string =>
      (Array.isArray(message) ? message : [message])
        .map((part) => {
          if (typeof part === 'string') return part
          const [name, kind, forms] = part as [string, string?, Record<string, unknown>?]
          if (!kind || !forms) return `{${name}}`
          const cases = Object.entries(forms).map(([key, form]) => `${/^\d+$/.test(key) ? `=${key}` : key} {${written(form)}}`)
          return `{${name}, ${kind}, ${cases.join(' ')}}`
        })
        .join('')
    for (const locale of locales) {
      const texts = Object.fromEntries(Object.entries(compiled[locale]).map(([id, message]) => [id, written(message)]))
      expect(texts, locale).toEqual(Object.fromEntries(catalogs[locale]))
    }
  })

  it('keep the placeholders and tags of the English text', () => {
    const marks = (message: string) => [...message.matchAll(/\{\w+\}|<\/?\d+>/g)].map(([mark]) => mark).sort()
    for (const locale of locales) {
      for (const [id, message] of catalogs.en) {
        expect(marks(catalogs[locale].get(id) ?? ''), `${id} in ${locale}`).toEqual(marks(message))
      }
    }
  })
})
