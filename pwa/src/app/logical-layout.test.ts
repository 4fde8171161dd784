// The layout is written in logical properties (ms-4, not ml-4; start-0,
// not left-0; text-start, not text-left), so that a right-to-left language
// lays out mirrored by adding its catalog alone: this test fails on a
// physical left or right in a class (index.html's app shell included) or a
// style sheet.
import { describe, expect, it } from 'vitest'

const sources = import.meta.glob<string>(
  ['/index.html', '/src/**/*.{ts,tsx,css}', '!/src/**/*.test.{ts,tsx}', '!/src/locales/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
)

/** Tailwind's physical utilities, with any variant before them (md:, -). */
const physicalClass =
  /(?<=[\s"'`:])-?(ml|mr|pl|pr|left|right|scroll-ml|scroll-mr|scroll-pl|scroll-pr)-[\w[.]|(?<=[\s"'`:])(text-(left|right)|float-(left|right)|(border|rounded)-(l|r|tl|tr|bl|br))(?=[\s"'`-])/
/** The same in CSS. */
const physicalProperty = /\b(margin|padding|border)-(left|right)\s*:|^\s*(left|right)\s*:|text-align:\s*(left|right)/m

function physical(path: string, code: string): string[] {
  const pattern = path.endsWith('.css') ? physicalProperty : physicalClass
  return code.split('\n').filter((line) => pattern.test(line))
}

describe('the layout', () => {
  it('uses logical properties only', () => {
    const found = Object.fromEntries(
      Object.entries(sources)
        .map(([path, code]) => [path, physical(path, code)] as const)
        .filter(([, lines]) => lines.length > 0),
    )
    expect(found).toEqual({})
  })

  it('finds the physical ones', () => {
    expect(physical('a.tsx', `<div className="md:ml-4 text-left" />`)).toHaveLength(1)
    expect(physical('a.tsx', `<div className="absolute right-0" />`)).toHaveLength(1)
    expect(physical('a.tsx', `<div className="ms-4 text-start end-0 mt-2" />`)).toHaveLength(0)
    expect(physical('a.tsx', `placement: 'left'`)).toHaveLength(0)
    expect(physical('a.css', `  margin-left: 1rem;`)).toHaveLength(1)
  })
})
