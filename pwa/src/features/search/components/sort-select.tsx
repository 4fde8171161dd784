import { Select } from '@/components/field'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { effectiveSort, searchSorts, sortLabel, type SearchFilters, type SearchSort } from '../filters'

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
  const i18n = useI18n()
  const sorts = searchSorts.filter((sort) => sort !== 'relevance' || filters.q)
  return (
    <label className={cn('flex items-center gap-2 font-medium text-stone-800', className)}>
      {/* A phone has room for the menu beside Filters, not for its label too. */}
      <span className="whitespace-nowrap max-sm:sr-only">{i18n._({ id: 'search.filter.sort', message: 'Sort by' })}</span>
      <Select
        value={effectiveSort(filters)}
        onChange={(event) => onChange({ ...filters, sort: event.currentTarget.value as SearchSort })}
        className="sm:w-auto"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabel(sort)}
          </option>
        ))}
      </Select>
    </label>
  )
}
