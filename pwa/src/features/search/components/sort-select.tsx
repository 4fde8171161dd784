import { Select } from '@/components/field'
import { effectiveSort, searchSorts, sortLabels, type SearchFilters, type SearchSort } from '../filters'

/** Sort by: Relevance (only with words), Newest, Price: low to high, Price: high to low. */
export function SortSelect({ filters, onChange }: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  const sorts = searchSorts.filter((sort) => sort !== 'relevance' || filters.q)
  return (
    <label className="flex items-center gap-2 font-medium text-stone-800">
      <span className="whitespace-nowrap">Sort by</span>
      <Select
        value={effectiveSort(filters)}
        onChange={(event) => onChange({ ...filters, sort: event.currentTarget.value as SearchSort })}
        className="w-auto"
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
