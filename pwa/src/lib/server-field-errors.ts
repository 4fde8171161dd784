import { useState } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './api'

/**
 * Puts the server's field errors (422, or a 409 naming a field) under the
 * matching inputs. Answers the error to show under the form: the server's
 * message with only the fields no input took, or null when there was none.
 *
 *   onError: (error) => setFormError(applyServerFieldErrors(error, setError, ['name', 'image']))
 *
 * Forms that send on submit use useFormSubmission below.
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

/**
 * The server's answer minus what went under the fields (`shown`, from
 * applyServerFieldErrors), or null when every message found its field: each
 * is said once, where it belongs.
 */
export function unplacedError(failure: unknown, shown: unknown): unknown {
  const placedAll =
    failure instanceof ApiError &&
    Object.keys(failure.fields).length > 0 &&
    shown instanceof ApiError &&
    Object.keys(shown.fields).length === 0
  return placedAll ? null : shown
}

/**
 * Sending a form to the server: send(request) answers whether it went
 * through; when not, the field errors the server named are under their
 * inputs and `error` holds the rest, for <FormError>.
 *
 *   const submission = useFormSubmission(setError, ['name', 'image'])
 *   if (await submission.send(() => create.mutateAsync(values))) toast.success('Added')
 *   <FormError error={submission.error} />
 */
export function useFormSubmission<T extends FieldValues>(setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]) {
  const [error, setSubmitError] = useState<unknown>(null)
  const clear = () => setSubmitError(null)
  const send = async (request: () => Promise<unknown>): Promise<boolean> => {
    clear()
    try {
      await request()
      return true
    } catch (failure) {
      setSubmitError(applyServerFieldErrors(failure, setError, fieldNames))
      return false
    }
  }
  return { error, clear, send }
}
