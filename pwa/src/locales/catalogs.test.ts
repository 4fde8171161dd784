import { compileMessage } from '@lingui/message-utils/compileMessage'
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
      expect(
        [...catalogs[locale].keys()].filter((id) => !catalogs.en.has(id)),
        `only in ${locale}`,
      ).toEqual([])
    }
  })

  it('are compiled as they are now (npm run i18n:compile)', () => {
    for (const locale of locales) {
      const texts = Object.fromEntries(Object.entries(compiled[locale]).map(([id, message]) => [id, JSON.stringify(message)]))
      const written = Object.fromEntries([...catalogs[locale]].map(([id, text]) => [id, JSON.stringify(compileMessage(text))]))
      expect(texts, locale).toEqual(written)
    }
  })

  it('keep the placeholders and tags of the English text', () => {
    // Placeholders ({siteName}, {count, plural, …}) by name, and tags (<0>, </0>, <1/>) in the texts, cases included.
    const marks = (message: string) => {
      const found = new Set<string>()
      const walk = (tokens: unknown): void => {
        for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
          if (typeof token === 'string') for (const [tag] of token.matchAll(/<\/?\d+\/?>/g)) found.add(tag)
          else if (Array.isArray(token)) {
            found.add(`{${token[0] as string}}`)
            for (const tokensOfCase of Object.values((token[2] as Record<string, unknown> | undefined) ?? {})) walk(tokensOfCase)
          }
        }
      }
      walk(compileMessage(message))
      return [...found].sort()
    }
    for (const locale of locales) {
      for (const [id, message] of catalogs.en) {
        expect(marks(catalogs[locale].get(id) ?? ''), `${id} in ${locale}`).toEqual(marks(message))
      }
    }
  })
})
