// The part of @lingui/core's runtime the app uses, small: production builds
// put it in place of @lingui/core (scripts/slim-i18n.ts), as the first
// script's budget (docs/benchmarks.md) has no room for the whole (about 2 KB
// gzip more). Dev and tests run Lingui itself; runtime.test.ts checks that
// both write every message of every catalog alike.
//
// Messages arrive compiled (`npm run build` runs `lingui compile --strict`):
// an array of strings and [name, type?, cases?] placeholders. Of ICU it
// knows plural, selectordinal and select; numbers, prices and dates are
// written with lib/format.ts and given as values. It leaves out compiling a
// message at runtime, i18n.date/number, formats, locale lists, \u escapes,
// missing-message handlers and dev warnings.

type Token = string | [string, string?, Record<string, Token[]>?]
export type Messages = Record<string, string | Token[]>

export interface MessageDescriptor {
  id: string
  message?: string
  values?: Record<string, unknown>
}

export class I18n {
  locale = ''
  messages: Messages = {}
  private listeners = new Set<() => void>()

  loadAndActivate({ locale, messages }: { locale: string; messages: Messages }): void {
    this.locale = locale
    this.messages = messages
    this.listeners.forEach((listener) => listener())
  }

  on(_event: 'change', listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  _ = (descriptor: string | MessageDescriptor, values?: Record<string, unknown>, options?: { message?: string }): string => {
    let id = descriptor as string
    let message = options?.message
    if (typeof descriptor !== 'string') {
      id = descriptor.id
      message = descriptor.message
      values = descriptor.values ?? values
    }
    const translation = this.messages[id] || message || id
    return typeof translation === 'string' ? translation : this.format(translation, values ?? {}, undefined)
  }

  t = this._

  /** `plural`: the number a plural's # stands for, in a plural's cases. */
  private format(tokens: Token[], values: Record<string, unknown>, plural: number | undefined): string {
    let text = ''
    for (const token of tokens) {
      if (typeof token === 'string') {
        text += token === '#' && plural !== undefined ? new Intl.NumberFormat(this.locale).format(plural) : token
        continue
      }
      const [name, type, cases = {}] = token
      const value = values[name] as string & number
      if (type === 'plural' || type === 'selectordinal') {
        const n = value - ((cases.offset as unknown as number) ?? 0)
        const rule = new Intl.PluralRules(this.locale, { type: type === 'plural' ? 'cardinal' : 'ordinal' }).select(n)
        text += this.format(cases[value] ?? cases[rule] ?? cases.other, values, n)
      } else if (type) {
        // select
        text += this.format(cases[value] ?? cases.other, values, undefined)
      } else if (value != null) {
        text += value
      }
    }
    return text
  }
}

export const i18n = new I18n()
