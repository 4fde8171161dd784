// Text a person reads must come from the catalogs (docs/i18n.md): this test
// reads every screen's source with the TypeScript compiler and fails on
// English left in the code, where it is most often found:
//
// - text between JSX tags (<h1>Orders</h1>),
// - a string in a JSX attribute that is read out or shown: label,
//   placeholder, title, aria-label, alt (not <Trans>'s, whose `message` is the
//   catalog's English),
// - a string given to toast(), toast.success/error/loading(),
//   useDocumentTitle() or confirm().
//
// Text without a letter (·, —, …, 1/2) passes, and so does `allowed`.
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/locales/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
)

/** Words that are the same in every language: the brand. */
const allowed = /\bRehome\b/g

const shownAttributes = new Set(['label', 'placeholder', 'title', 'aria-label', 'alt'])
const shownCalls = /^(toast(\.(success|error|loading))?|useDocumentTitle|(window\.)?confirm)$/

const hasLetter = (text: string) => /\p{L}/u.test(text.replace(allowed, ''))

/** The literal text of a string or template (its fixed parts), else undefined. */
function literal(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined
  if (ts.isJsxExpression(node)) return literal(node.expression)
  if (ts.isParenthesizedExpression(node)) return literal(node.expression)
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
  if (ts.isConditionalExpression(node)) {
    const either = [literal(node.whenTrue), literal(node.whenFalse)].filter((text) => text !== undefined)
    return either.length ? either.join(' ') : undefined
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken) return literal(node.right)
  return undefined
}

/** Where `code` shows English: "line: text". */
export function untranslated(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const report = (node: ts.Node, text: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${text.trim().replace(/\s+/g, ' ')}`)
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetter(node.text)) report(node, node.text)
    if (ts.isJsxAttribute(node) && shownAttributes.has(node.name.getText(source))) {
      const element = node.parent.parent
      const text = literal(node.initializer)
      if (element.tagName.getText(source) !== 'Trans' && text !== undefined && hasLetter(text)) report(node, text)
    }
    if (ts.isCallExpression(node) && shownCalls.test(node.expression.getText(source))) {
      const text = literal(node.arguments[0])
      if (text !== undefined && hasLetter(text)) report(node, text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('text outside the catalogs', () => {
  const found = Object.entries(sources).map(([path, code]) => [path.replace(/^\//, ''), untranslated(path, code)] as const)

  it('is nowhere', () => {
    const left = Object.fromEntries(found.filter(([, texts]) => texts.length > 0))
    expect(left, 'English in the code: give it an id and a message (docs/i18n.md)').toEqual({})
  })

  it('is found where the rules say', () => {
    const code = `export function X() {
  useDocumentTitle('Orders')
  toast.success(\`Saved \${n} items\`)
  return <div title="·" aria-label={open ? 'Close' : 'Open'}>
    <Trans id="a" message="Hello" />
    <img alt="" /> — Rehome
    <h1>Orders</h1>
  </div>
}`
    expect(untranslated('x.tsx', code)).toEqual(['2: Orders', '3: Saved items', '4: Close Open', '7: Orders'])
  })
})
