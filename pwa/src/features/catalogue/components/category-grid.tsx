import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { cn } from '@/lib/cn'
import type { I18n } from '@lingui/core'
import { i18n as defaultI18n, useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Category } from '@/lib/types'

interface CategoryGridProps {
  categories: Category[]
  /** The cards' heading level: h3 under a section's h2, h2 under the page's h1. */
  headingLevel?: 'h2' | 'h3'
  /** On phones, one row that scrolls sideways (the home page, where listings follow). */
  strip?: boolean
}

/** '12 listings': the category's Available and Reserved listings. */
export function listingsLabel(count: number, i18n: I18n = defaultI18n): string {
  return i18n._({
    id: 'categories.listings',
    message: '{count, plural, =0 {No listings yet} one {# listing} other {# listings}}',
    values: { count },
  })
}

/**
 * Every category with its count of listings, each card one link exploring it.
 * On phones a compact two-column list (a small picture beside the name), so
 * what is for sale follows soon below; from 640 px cards with the picture on
 * top, up to four to a row.
 */
export function CategoryGrid({ categories, headingLevel = 'h2', strip = false }: CategoryGridProps) {
  const i18n = useI18n()
  const Heading = headingLevel
  return (
    <ul
      className={cn(
        'grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4',
        strip && 'max-sm:-mx-4 max-sm:flex max-sm:snap-x max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-2',
      )}
    >
      {categories.map((category, index) => (
        <li key={category.id} className={cn(strip && 'max-sm:w-44 max-sm:shrink-0 max-sm:snap-start')}>
          <Link
            to={paths.category(category.name)}
            className="group flex h-full items-center gap-2 overflow-hidden rounded-xl border border-stone-200 bg-white p-1.5 text-stone-900 no-underline shadow-sm transition-shadow hover:text-stone-900 hover:shadow-md sm:flex-col sm:items-stretch sm:gap-0 sm:rounded-2xl sm:p-0"
          >
            <img
              src={category.thumb_url || category.image}
              // The heading names the card: the link reads 'Sofas 18 listings', as it shows.
              alt=""
              width={400}
              height={300}
              // The first card is in view as the page opens (often its largest
              // picture): fetched at once and first; the others when scrolled near.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding="async"
              className="size-10 shrink-0 rounded-lg bg-stone-100 object-cover sm:aspect-[4/3] sm:size-auto sm:w-full sm:rounded-none"
            />
            <div className="flex min-w-0 flex-1 items-center justify-between gap-3 sm:p-4">
              <div className="min-w-0">
                <Heading className="text-sm leading-snug font-semibold break-words sm:text-lg">{category.name}</Heading>
                {category.count !== undefined && <p className="text-sm text-stone-600">{listingsLabel(category.count, i18n)}</p>}
              </div>
              <span
                aria-hidden="true"
                className={buttonClasses({ size: 'sm', className: 'shrink-0 group-hover:bg-teal-800 max-sm:hidden' })}
              >
                {i18n._({ id: 'categories.explore', message: 'Explore' })}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
