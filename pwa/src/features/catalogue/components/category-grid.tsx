import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { paths } from '@/lib/paths'
import type { Category } from '@/lib/types'

interface CategoryGridProps {
  categories: Category[]
  /** The cards' heading level: h3 under a section's h2, h2 under the page's h1. */
  headingLevel?: 'h2' | 'h3'
}

/** One column on phones, up to four on wide screens; each card explores its category. */
export function CategoryGrid({ categories, headingLevel = 'h2' }: CategoryGridProps) {
  const Heading = headingLevel
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {categories.map((category, index) => (
        <li
          key={category.id}
          className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
        >
          <img
            src={category.thumb_url || category.image}
            alt={category.name}
            width={400}
            height={300}
            // The first card is in view as the page opens (often its largest
            // picture): fetched at once and first; the others when scrolled near.
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding="async"
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
          <div className="flex flex-1 items-center justify-between gap-3 p-4">
            <Heading className="text-lg font-semibold">{category.name}</Heading>
            <Link
              to={paths.category(category.name)}
              aria-label={`Explore ${category.name}`}
              className={buttonClasses({ size: 'sm' })}
            >
              Explore
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
