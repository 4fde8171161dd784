import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * Puts the server's field errors (422, or a 409 naming a field) under the
 * matching inputs. Answers the error to show under the form: the server's
 * message with only the fields no input took, or null when there was none.
 *
 *   onError: (error) => setFormError(applyServerFieldErrors(error, setError, ['name', 'image']))
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): unknown {
  if (!(error instanceof ApiError)) return error
  const rest: Record<string, string> = {}
  let focused = false
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fieldNames.find((n) => n === field)
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !focused })
      focused = true
    } else {
      rest[field] = message
    }
  }
  return new ApiError(error.status, error.message, rest)
}
