// The part of @lingui/react the app uses (I18nProvider, Trans, LinguiContext,
// useLingui), small: production builds put it in place of @lingui/react
// (vite.config.ts, slimLingui; see ./core.ts). runtime.test.ts checks that
// <Trans> draws as Lingui's does.
import { cloneElement, createContext, Fragment, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react'
import type { I18n, MessageDescriptor } from './core'

interface LinguiContextValue {
  i18n: I18n
  _: I18n['_']
}

export const LinguiContext = createContext<LinguiContextValue | null>(null)

export function useLingui(): LinguiContextValue {
  return useContext(LinguiContext) as LinguiContextValue
}

/** Redraws its children when the language changes; nothing until one is active. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  const make = () => ({ i18n, _: i18n._, locale: i18n.locale })
  const [context, setContext] = useState(make)
  useEffect(() => {
    const update = () => setContext(make)
    if (context.locale !== i18n.locale) update()
    return i18n.on('change', update)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n])
  return i18n.locale ? <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider> : null
}

// <0>…</0> and <0/> in a translation: the components given for them.
const tag = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9]+)\/>/

function formatElements(value: string, elements: Record<string, ReactElement | ReactElement[]>, keys = { n: 0 }): ReactNode {
  const parts = value.split(tag)
  if (parts.length === 1) return value
  const tree: ReactNode[] = []
  if (parts[0]) tree.push(parts[0])
  for (let i = 1; i < parts.length; i += 4) {
    const [paired, children, unpaired, after] = parts.slice(i, i + 4)
    let element = elements[paired || unpaired] ?? <Fragment />
    if (Array.isArray(element)) element = <Fragment>{element}</Fragment>
    tree.push(
      cloneElement(
        element,
        { key: `$lingui$_${keys.n++}` },
        children ? formatElements(children, elements, keys) : (element.props as { children?: ReactNode }).children,
      ),
    )
    if (after) tree.push(after)
  }
  return tree.length === 1 ? tree[0] : tree
}

export interface TransProps extends MessageDescriptor {
  components?: Record<string, ReactElement | ReactElement[]>
}

export function Trans({ id, message, values, components }: TransProps) {
  const { i18n } = useLingui()
  // Values that are elements are drawn as components of their own.
  const elements = { ...components }
  let texts = values
  if (values) {
    texts = { ...values }
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' || typeof value === 'number') continue
      const index = Object.keys(elements).length
      elements[index] = <Fragment>{value as ReactNode}</Fragment>
      texts[key] = `<${index}/>`
    }
  }
  const translation = i18n._(id, texts, { message })
  return <>{translation ? formatElements(translation, elements) : null}</>
}
