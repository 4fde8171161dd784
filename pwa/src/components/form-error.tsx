import { ApiError } from '@/lib/api'
import { fieldLabel } from '@/lib/form'
import { useI18n } from '@/lib/i18n'

/**
 * A failed request's message, with the server's field errors beneath it, in red
 * under a form. Renders nothing without an error.
 */
export function FormError({ error }: { error: unknown }) {
  const i18n = useI18n()
  if (!error) return null
  const message =
    error instanceof Error ? error.message : i18n._({ id: 'common.somethingWentWrong', message: 'Something went wrong' })
  const fields = error instanceof ApiError ? Object.entries(error.fields) : []
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-700">
      <p className="font-medium break-words">{message}</p>
      {fields.length > 0 && (
        <ul className="mt-1 list-inside list-disc text-sm">
          {fields.map(([field, text]) => (
            <li key={field}>
              {fieldLabel(field)}: {text}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
