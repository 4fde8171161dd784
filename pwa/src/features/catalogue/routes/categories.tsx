import { PageHeader } from '@/components/page-header'
import { useI18n } from '@/lib/i18n'
import { CategoriesSection } from '../components/categories-section'

export function CategoriesRoute() {
  const i18n = useI18n()
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-8">
      <PageHeader
        title={i18n._({ id: 'categories.title', message: 'Categories' })}
        description={i18n._({ id: 'categories.description', message: 'Pick a category to see what neighbours are selling.' })}
      />
      <CategoriesSection headingLevel="h2" />
    </div>
  )
}
