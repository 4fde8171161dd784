import { Link } from 'react-router-dom'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { useCategories } from '@/lib/categories'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { CategoryGrid } from './category-grid'

/** The category grid with its loading, empty and error states (home and /categories). */
export function CategoriesSection({ headingLevel, strip }: { headingLevel?: 'h2' | 'h3'; strip?: boolean }) {
  const i18n = useI18n()
  const categories = useCategories()
  // Saved or loaded categories are shown even when a refresh fails (offline).
  if (categories.isPending && categories.fetchStatus === 'paused') {
    return <OfflineState what={i18n._({ id: 'categories.offlineWhat', message: 'The category list' })} />
  }
  if (categories.isPending) return <PageSpinner label={i18n._({ id: 'categories.loading', message: 'Loading categories…' })} />
  if (categories.isError && !categories.data) {
    return (
      <QueryErrorState
        title={i18n._({ id: 'categories.loadError', message: 'Could not load the categories' })}
        query={categories}
      />
    )
  }
  if (categories.data.items.length === 0) {
    return (
      <EmptyState
        title={i18n._({ id: 'categories.empty.title', message: 'No categories yet' })}
        action={<Link to={paths.blogs}>{i18n._({ id: 'categories.empty.readBlog', message: 'Read our blog meanwhile' })}</Link>}
      >
        {i18n._({ id: 'categories.empty.body', message: 'Once an admin adds categories, they show up here.' })}
      </EmptyState>
    )
  }
  return <CategoryGrid categories={categories.data.items} headingLevel={headingLevel} strip={strip} />
}
