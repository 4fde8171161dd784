import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readPo, shortenCatalog, shortIds, stripMessages } from './slim-i18n.ts'

const english = new Map([
  ['login.title', 'Login'],
  ['login.newHere', 'New to {siteName}? <0>Register</0>'],
  ['nav.home', 'Home'],
])
const short = shortIds(english)

describe("the production build's messages", () => {
  it('gives each id of the catalog a short one', () => {
    expect([...short]).toEqual([
      ['login.newHere', '0'],
      ['login.title', '1'],
      ['nav.home', '2'],
    ])
  })

  it('leaves out the English the catalog has, with the id shortened', () => {
    const code = `const a = i18n._({ id: 'login.title', message: 'Login' })
const b = i18n._({ message: 'Home', id: 'nav.home', values: { x } })
const c = <Trans id="login.newHere" message="New to {siteName}? <0>Register</0>" values={{ siteName }} />
const d = i18n._('nav.home')`
    expect(stripMessages(code, 'a.tsx', english, short)).toBe(`const a = i18n._({ id: "1" })
const b = i18n._({  id: "2", values: { x } })
const c = <Trans id="0"  values={{ siteName }} />
const d = i18n._("2")`)
  })

  it('keeps a message the catalog writes otherwise or lacks, and objects that are no message', () => {
    const code = `i18n._({ id: 'login.title', message: 'Log in' })
i18n._({ id: 'new.one', message: 'New' })
const row = { id: 'nav.home', name: 'x' }`
    expect(stripMessages(code, 'a.ts', english, short)).toBe(`i18n._({ id: "1", message: 'Log in' })
i18n._({ id: 'new.one', message: 'New' })
const row = { id: 'nav.home', name: 'x' }`)
    expect(stripMessages('const x = 1', 'a.ts', english, short)).toBeUndefined()
  })

  it('gives the compiled catalogs the short ids', () => {
    const code = `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse("{\\"login.title\\":[\\"Anmelden\\"],\\"nav.home\\":[\\"Start\\"]}")as Messages;`
    const messages = /JSON\.parse\((".*")\)as/.exec(shortenCatalog(code, short))![1]
    expect(JSON.parse(JSON.parse(messages) as string)).toEqual({ 1: ['Anmelden'], 2: ['Start'] })
  })

  it('reads the English catalog', () => {
    const catalog = readPo(join(process.cwd(), 'src/locales/en/messages.po'))
    expect(catalog.get('login.title')).toBe('Login')
    expect(catalog.has('')).toBe(false)
  })
})
