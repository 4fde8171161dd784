import { PageHeader } from '@/components/page-header'
import { CategoriesSection } from '../components/categories-section'

export function CategoriesRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-8">
      <PageHeader title="Categories" description="Pick a category to see what neighbours are selling." />
      <CategoriesSection headingLevel="h2" />
    </div>
  )
}
