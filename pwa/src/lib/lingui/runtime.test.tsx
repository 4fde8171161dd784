// Production builds run ./core.ts and ./react.tsx in place of Lingui's own
// runtime (scripts/slim-i18n.ts); everything else runs Lingui. Both must
// write every message of every catalog alike.
import { setupI18n, type I18n as LinguiI18n } from '@lingui/core'
import { I18nProvider as LinguiProvider, Trans as LinguiTrans } from '@lingui/react'
import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages as de } from '@/locales/de/messages'
import { messages as en } from '@/locales/en/messages'
import { messages as fr } from '@/locales/fr/messages'
import { I18n, type Messages } from './core'
import { I18nProvider, Trans } from './react'

const catalogs = { en, de, fr } as unknown as Record<string, Messages>

/** Values to try a message with: every placeholder, each plural with several counts. */
function valueSets(message: unknown): Record<string, unknown>[] {
  const names = new Map<string, boolean>()
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return
    for (const token of tokens) {
      if (!Array.isArray(token)) continue
      const [name, type, cases] = token as [string, string?, Record<string, unknown>?]
      names.set(name, names.get(name) || type === 'plural' || type === 'selectordinal')
      for (const tokensOfCase of Object.values(cases ?? {})) walk(tokensOfCase)
    }
  }
  walk(message)
  return [0, 1, 2, 5, 21, 1000].map((count) =>
    Object.fromEntries([...names].map(([name, counted]) => [name, counted ? count : `‹${name}›`])),
  )
}

function both(locale: string, messages: Messages): [I18n, LinguiI18n] {
  const slim = new I18n()
  slim.loadAndActivate({ locale, messages })
  const lingui = setupI18n()
  lingui.loadAndActivate({ locale, messages: messages as never })
  return [slim, lingui]
}

describe("the production build's Lingui runtime", () => {
  it('writes every message of every catalog as Lingui does', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const [slim, lingui] = both(locale, messages)
      for (const [id, message] of Object.entries(messages)) {
        for (const values of valueSets(message)) {
          expect(slim._({ id, values }), `${locale} ${id}`).toBe(lingui._({ id, values }))
          expect(slim._(id, values), `${locale} ${id}`).toBe(lingui._(id, values))
        }
      }
    }
  })

  it('writes plurals, selects and # in the language, and falls back as Lingui does', () => {
    const messages: Messages = {
      count: [['n', 'plural', { 0: ['none'], one: ['#', ' listing'], other: ['#', ' listings in ', ['where']] }]],
      rank: [['n', 'selectordinal', { one: ['#st'], two: ['#nd'], few: ['#rd'], other: ['#th'] }]],
      kind: ['A ', ['kind', 'select', { sofa: ['sofa'], other: ['thing'] }]],
    }
    for (const locale of ['en', 'de', 'fr']) {
      const [slim, lingui] = both(locale, messages)
      for (const n of [0, 1, 2, 3, 11, 22, 1234.5]) {
        for (const id of ['count', 'rank']) expect(slim._(id, { n, where: 'Lyon' })).toBe(lingui._(id, { n, where: 'Lyon' }))
      }
      for (const kind of ['sofa', 'lamp']) expect(slim._('kind', { kind })).toBe(lingui._('kind', { kind }))
      // Not in the catalog: the English text given, else the id.
      expect(slim._({ id: 'absent', message: 'Absent' })).toBe('Absent')
      expect(slim._('absent')).toBe(lingui._('absent'))
    }
  })

  it('draws <Trans> with its components and values as Lingui does', () => {
    const messages: Messages = {
      link: ['New to ', ['siteName'], '? <0>Register</0> or <1/>, <2>see <3>more</3></2>'],
      element: ['Hello ', ['who'], '!'],
    }
    const components = { 0: <a href="/register" />, 1: <br />, 2: <em />, 3: <strong /> }
    const [slim, lingui] = both('en', messages)
    const drawn = (ui: React.ReactNode) => render(<>{ui}</>).container.innerHTML
    expect(
      drawn(
        <I18nProvider i18n={slim}>
          <Trans id="link" values={{ siteName: 'Rehome' }} components={components} />
          <Trans id="element" values={{ who: <b>you</b> }} />
        </I18nProvider>,
      ),
    ).toBe(
      drawn(
        <LinguiProvider i18n={lingui}>
          <LinguiTrans id="link" values={{ siteName: 'Rehome' }} components={components} />
          <LinguiTrans id="element" values={{ who: <b>you</b> }} />
        </LinguiProvider>,
      ),
    )
  })

  it('redraws in a language activated later', async () => {
    const slim = new I18n()
    const { container } = render(
      <I18nProvider i18n={slim}>
        <Trans id="footer.language" message="Language" />
      </I18nProvider>,
    )
    expect(container.textContent).toBe('')
    act(() => slim.loadAndActivate({ locale: 'de', messages: catalogs.de }))
    expect(container.textContent).toBe('Sprache')
    act(() => slim.loadAndActivate({ locale: 'fr', messages: catalogs.fr }))
    expect(container.textContent).toBe('Langue')
  })
})
