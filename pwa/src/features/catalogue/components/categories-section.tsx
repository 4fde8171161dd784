import { Link } from 'react-router-dom'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { useCategories } from '@/lib/categories'
import { paths } from '@/lib/paths'
import { CategoryGrid } from './category-grid'

/** The category grid with its loading, empty and error states (home and /categories). */
export function CategoriesSection({ headingLevel, strip }: { headingLevel?: 'h2' | 'h3'; strip?: boolean }) {
  const categories = useCategories()
  // Saved or loaded categories are shown even when a refresh fails (offline).
  if (categories.isPending && categories.fetchStatus === 'paused') return <OfflineState what="The category list" />
  if (categories.isPending) return <PageSpinner label="Loading categories…" />
  if (categories.isError && !categories.data) {
    return (
      <QueryErrorState title="Could not load the categories" query={categories} />
    )
  }
  if (categories.data.items.length === 0) {
    return (
      <EmptyState
        title="No categories yet"
        action={<Link to={paths.blogs}>Read our blog meanwhile</Link>}
      >
        Once an admin adds categories, they show up here.
      </EmptyState>
    )
  }
  return <CategoryGrid categories={categories.data.items} headingLevel={headingLevel} strip={strip} />
}
