import { Select } from '@/components/field'
import { cn } from '@/lib/cn'
import { effectiveSort, searchSorts, sortLabels, type SearchFilters, type SearchSort } from '../filters'

/** Sort by: Relevance (only with words), Newest, Price: low to high, Price: high to low. */
export function SortSelect({
  filters,
  onChange,
  className,
}: {
  filters: SearchFilters
  onChange: (filters: SearchFilters) => void
  className?: string
}) {
  const sorts = searchSorts.filter((sort) => sort !== 'relevance' || filters.q)
  return (
    <label className={cn('flex items-center gap-2 font-medium text-stone-800', className)}>
      {/* A phone has room for the menu beside Filters, not for its label too. */}
      <span className="whitespace-nowrap max-sm:sr-only">Sort by</span>
      <Select
        value={effectiveSort(filters)}
        onChange={(event) => onChange({ ...filters, sort: event.currentTarget.value as SearchSort })}
        className="sm:w-auto"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </Select>
    </label>
  )
}
