import { PageHeader } from '@/components/page-header'
import { CategoriesSection } from '../components/categories-section'

export function CategoriesRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title="Categories" description="Pick a category to see what neighbours are selling." />
      <CategoriesSection headingLevel="h2" />
    </div>
  )
}
