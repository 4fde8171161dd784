import { Button } from '@/components/button'
import type { ApiError } from '@/lib/api'
import { useI18n } from '@/lib/i18n'
import { filterLabel } from '../filters'

/**
 * A search the server refused (422): what is wrong with which filter. The
 * same messages stand under the inputs of the filters; on a phone those are
 * behind Change filters.
 */
export function InvalidFilters({ error, onEdit }: { error: ApiError; onEdit: () => void }) {
  const i18n = useI18n()
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800"
    >
      <p className="font-semibold">
        {error.message || i18n._({ id: 'search.invalid.title', message: 'Some filters need a change' })}
      </p>
      <ul className="list-inside list-disc text-sm">
        {Object.entries(error.fields).map(([field, message]) => (
          <li key={field}>
            {filterLabel(field) ?? field}: {message}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onEdit} className="lg:hidden">
        {i18n._({ id: 'search.invalid.change', message: 'Change filters' })}
      </Button>
    </div>
  )
}
