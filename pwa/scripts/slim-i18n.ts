// What production builds do to the app's messages (docs/i18n.md), for the
// first script's budget (docs/benchmarks.md):
//
// - stripEnglish(): the English text beside each id, i18n._({ id, message })
//   and <Trans id message>, is left out of the built code when the English
//   catalog has that very text for the id: the catalog, loaded anyway,
//   brings it, and a German or French visitor does not download English
//   twice. A message the catalog lacks or writes otherwise (`npm run
//   i18n:extract` not run since it changed) stays, and is what shows.
// (Lingui's own runtime ships: a copy of the part of it the app uses saved
// only 2 KB gzip of the first visit's JavaScript, not worth keeping a copy.)
//
// Dev and tests run neither: they keep the English texts and Lingui itself.
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import type { Plugin } from 'vite'

/** msgid → msgstr of a .po file. */
export function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>()
  const quoted = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string
  let id: string | undefined
  let str: string | undefined
  let field: 'id' | 'str' | undefined
  const flush = () => {
    if (id && str !== undefined) entries.set(id, str)
    id = str = field = undefined
  }
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush()
      id = quoted(line)
      field = 'id'
    } else if (line.startsWith('msgstr ')) {
      str = quoted(line)
      field = 'str'
    } else if (line.startsWith('"') && field === 'id') id += quoted(line)
    else if (line.startsWith('"') && field === 'str') str += quoted(line)
    else if (!line.trim()) flush()
  }
  flush()
  return entries
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text
  if (node && ts.isJsxExpression(node)) return literalText(node.expression)
  return undefined
}

/**
 * Short ids for the catalogs' ids, the same in every language: the index of
 * the id among the English catalog's, in base 36 ('login.title' → 'f').
 */
export function shortIds(english: Map<string, string>): Map<string, string> {
  return new Map(
    [...english.keys()]
      .filter(Boolean)
      .sort()
      .map((id, index) => [id, index.toString(36)]),
  )
}

/**
 * The source with each message descriptor ({ id, message }, i18n._('id'),
 * <Trans id message>) written for production: its id shortened (`short`),
 * and its English `message` left out where `english` (id → text) has the
 * same text for the id. Undefined when nothing changes.
 */
export function stripMessages(
  code: string,
  fileName: string,
  english: Map<string, string>,
  short: Map<string, string> = new Map(),
): string | undefined {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const edits: [number, number, string][] = []
  const rename = (node: ts.Node | undefined) => {
    const id = literalText(node)
    const to = id === undefined ? undefined : short.get(id)
    if (!node || to === undefined) return
    const literal = ts.isJsxExpression(node) ? node.expression! : node
    edits.push([literal.getStart(source), literal.end, JSON.stringify(to)])
  }
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        )
      const idProp = prop('id')
      const id = literalText(idProp?.initializer)
      const message = prop('message')
      // A descriptor has both; an object with an id alone may be anything.
      if (id !== undefined && message) {
        rename(idProp!.initializer)
        if (english.get(id) === literalText(message.initializer)) {
          const after = /^\s*,/.exec(code.slice(message.end))
          const before = /,\s*$/.exec(code.slice(node.getStart(source), message.getStart(source)))
          if (after) edits.push([message.getStart(source), message.end + after[0].length, ''])
          else if (before) edits.push([message.getStart(source) - before[0].length, message.end, ''])
        }
      }
    }
    // i18n._('id', …)
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['_', 't'].includes(node.expression.name.text) &&
      /\bi18n$/.test(node.expression.expression.getText(source))
    ) {
      rename(node.arguments[0])
    }
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText(source) === 'Trans') {
      const attr = (name: string) =>
        node.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText(source) === name)
      const idAttr = attr('id')
      const id = literalText(idAttr?.initializer)
      const message = attr('message')
      if (id !== undefined) {
        rename(idAttr!.initializer)
        if (message && english.get(id) === literalText(message.initializer))
          edits.push([message.getStart(source), message.end, ''])
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  if (edits.length === 0) return undefined
  let out = ''
  let at = 0
  for (const [start, end, text] of edits.sort((a, b) => a[0] - b[0])) {
    out += code.slice(at, start) + text
    at = end
  }
  return out + code.slice(at)
}

/** A compiled catalog (src/locales/<locale>/messages.ts) with short ids. */
export function shortenCatalog(code: string, short: Map<string, string>): string {
  const match = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)
  if (!match) throw new Error('shortenCatalog: no JSON.parse("…") in a compiled catalog')
  const messages = JSON.parse(JSON.parse(match[1]) as string) as Record<string, unknown>
  const renamed = Object.fromEntries(Object.entries(messages).map(([id, message]) => [short.get(id) ?? id, message]))
  return code.replace(match[0], () => `JSON.parse(${JSON.stringify(JSON.stringify(renamed))})`)
}

export function stripEnglish(catalog: string): Plugin {
  let english = new Map<string, string>()
  let short = new Map<string, string>()
  return {
    name: 'rehome:strip-english',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      // The build compiles the catalogs first (npm run build), from these.
      english = readPo(catalog)
      short = shortIds(english)
      this.addWatchFile(catalog)
    },
    transform: {
      filter: { id: /[\\/]src[\\/](?!.*\.test\.tsx?$).*\.tsx?$/ },
      handler(code, id) {
        if (/[\\/]src[\\/]locales[\\/]\w+[\\/]messages\.ts$/.test(id)) return { code: shortenCatalog(code, short), map: null }
        if (!/\bi18n\b|\bTrans\b/.test(code)) return null
        const stripped = stripMessages(code, id, english, short)
        return stripped === undefined ? null : { code: stripped, map: null }
      },
    },
  }
}
