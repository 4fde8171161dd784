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
// Files not converted yet are listed in `pending`; the test also fails when
// one of them has become clean, so that the list only shrinks.
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Words that are the same in every language: the brand. */
const allowed = /\bRehome\b/g

const shownAttributes = new Set(['label', 'placeholder', 'title', 'aria-label', 'alt'])
const shownCalls = /^(toast(\.(success|error|loading))?|useDocumentTitle|(window\.)?confirm)$/

/**
 * Files still to be converted, with English in the code; each comes off the
 * list as it is converted (npm run i18n:extract, then translate).
 */
const pending = new Set<string>([
  'src/components/booking-review.tsx',
  'src/components/booking-status.tsx',
  'src/components/button.tsx',
  'src/components/dialog.tsx',
  'src/components/error-state.tsx',
  'src/components/gallery.tsx',
  'src/components/image-field.tsx',
  'src/components/load-more.tsx',
  'src/components/message-button.tsx',
  'src/components/message-composer.tsx',
  'src/components/no-show.tsx',
  'src/components/offline-state.tsx',
  'src/components/photos-field.tsx',
  'src/components/pickup-time.tsx',
  'src/components/report-dialog.tsx',
  'src/components/skip-link.tsx',
  'src/components/stars.tsx',
  'src/components/verified-badge.tsx',
  'src/features/admin/components/email-cell.tsx',
  'src/features/admin/components/none.tsx',
  'src/features/admin/components/reset-link-dialog.tsx',
  'src/features/admin/components/searchable-table.tsx',
  'src/features/admin/components/suspension.tsx',
  'src/features/admin/routes/add-category.tsx',
  'src/features/admin/routes/all-buyers.tsx',
  'src/features/admin/routes/all-sellers.tsx',
  'src/features/admin/routes/all-users.tsx',
  'src/features/admin/routes/audit-log.tsx',
  'src/features/admin/routes/reported-items.tsx',
  'src/features/auth/components/blocked-people.tsx',
  'src/features/auth/components/change-email-form.tsx',
  'src/features/auth/components/change-password-form.tsx',
  'src/features/auth/components/delete-account.tsx',
  'src/features/auth/components/email-confirmation.tsx',
  'src/features/auth/components/new-password-fields.tsx',
  'src/features/auth/components/notification-settings.tsx',
  'src/features/auth/components/profile-details-form.tsx',
  'src/features/auth/components/require-auth.tsx',
  'src/features/auth/components/role-choice.tsx',
  'src/features/auth/components/sessions-list.tsx',
  'src/features/auth/routes/confirm-email.tsx',
  'src/features/auth/routes/forgot-password.tsx',
  'src/features/auth/routes/profile.tsx',
  'src/features/auth/routes/register.tsx',
  'src/features/auth/routes/reset-password.tsx',
  'src/features/blogs/routes/blogs.tsx',
  'src/features/blogs/routes/post-editor.tsx',
  'src/features/blogs/routes/post.tsx',
  'src/features/catalogue/components/advertised-section.tsx',
  'src/features/catalogue/components/booking-dialog.tsx',
  'src/features/catalogue/components/categories-section.tsx',
  'src/features/catalogue/components/category-grid.tsx',
  'src/features/catalogue/components/hero.tsx',
  'src/features/catalogue/components/just-listed-feed.tsx',
  'src/features/catalogue/components/just-listed-section.tsx',
  'src/features/catalogue/components/just-listed-skeleton.tsx',
  'src/features/catalogue/components/not-found.tsx',
  'src/features/catalogue/components/product-actions.tsx',
  'src/features/catalogue/components/product-card.tsx',
  'src/features/catalogue/components/product-details.tsx',
  'src/features/catalogue/components/product-prices.tsx',
  'src/features/catalogue/components/product-tile.tsx',
  'src/features/catalogue/components/report-dialog.tsx',
  'src/features/catalogue/components/report-person.tsx',
  'src/features/catalogue/components/review-list.tsx',
  'src/features/catalogue/components/share-button.tsx',
  'src/features/catalogue/components/shop-banner.tsx',
  'src/features/catalogue/routes/categories.tsx',
  'src/features/catalogue/routes/category.tsx',
  'src/features/catalogue/routes/home.tsx',
  'src/features/catalogue/routes/product.tsx',
  'src/features/catalogue/routes/seller.tsx',
  'src/features/messages/components/blocking.tsx',
  'src/features/messages/components/conversation-list.tsx',
  'src/features/messages/components/pickup.tsx',
  'src/features/messages/components/report-message.tsx',
  'src/features/messages/components/thread.tsx',
  'src/features/messages/components/unread-badge.tsx',
  'src/features/messages/routes/messages.tsx',
  'src/features/offline/components/install-button.tsx',
  'src/features/offline/components/update-banner.tsx',
  'src/features/orders/components/card-payment.tsx',
  'src/features/orders/components/handover-code-dialog.tsx',
  'src/features/orders/routes/my-orders.tsx',
  'src/features/orders/routes/payment.tsx',
  'src/features/search/components/filter-chips.tsx',
  'src/features/search/components/filter-form.tsx',
  'src/features/search/components/invalid-filters.tsx',
  'src/features/search/components/load-more.tsx',
  'src/features/search/components/sort-select.tsx',
  'src/features/search/routes/search.tsx',
  'src/features/seller/components/decline-dialog.tsx',
  'src/features/seller/components/handover-dialog.tsx',
  'src/features/seller/components/product-form.tsx',
  'src/features/seller/routes/add-product.tsx',
  'src/features/seller/routes/edit-product.tsx',
  'src/features/seller/routes/my-buyers.tsx',
  'src/features/seller/routes/my-products.tsx',
  'src/features/seller/routes/start-selling.tsx',
  'src/features/site/components/markdown-field.tsx',
  'src/features/site/components/site-text-page.tsx',
  'src/features/site/routes/about.tsx',
  'src/features/site/routes/site-settings.tsx',
])

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
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
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

  it('is only in files not converted yet', () => {
    const left = Object.fromEntries(found.filter(([path, texts]) => texts.length > 0 && !pending.has(path)))
    expect(left, 'English in the code: give it an id and a message (docs/i18n.md)').toEqual({})
  })

  it('is still in each file not converted yet', () => {
    const clean = found.filter(([path, texts]) => texts.length === 0 && pending.has(path)).map(([path]) => path)
    const gone = [...pending].filter((path) => !found.some(([other]) => other === path))
    expect([...clean, ...gone], 'converted (or gone): take these off `pending`').toEqual([])
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
