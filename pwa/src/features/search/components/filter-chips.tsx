import { useFormatPrice } from '@/lib/currency'
import { useI18n } from '@/lib/i18n'
import { activeFilters, withoutPanelFilters, type SearchFilters } from '../filters'

/** The filters that are set, each a chip that removes it, and Clear all when there are several. */
export function FilterChips({ filters, onChange }: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  const i18n = useI18n()
  const formatPrice = useFormatPrice()
  const chips = activeFilters(filters, formatPrice)
  if (chips.length === 0) return null
  return (
    <ul
      aria-label={i18n._({ id: 'search.chips.label', message: 'Filters in use' })}
      className="flex flex-wrap items-center gap-2"
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            aria-label={i18n._({
              id: 'search.chips.remove',
              message: '{filter}: remove this filter',
              values: { filter: chip.label },
            })}
            onClick={() => onChange(chip.without)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-teal-200 bg-teal-50 py-1 pe-3 ps-4 text-sm font-medium text-teal-900 hover:bg-teal-100"
          >
            {chip.label}
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path strokeLinecap="round" d="m6 6 8 8m0-8-8 8" />
            </svg>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button
            type="button"
            onClick={() => onChange(withoutPanelFilters(filters))}
            className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-teal-800 underline underline-offset-2"
          >
            {i18n._({ id: 'search.chips.clearAll', message: 'Clear all' })}
          </button>
        </li>
      )}
    </ul>
  )
}
