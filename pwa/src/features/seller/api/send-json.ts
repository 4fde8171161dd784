import { ApiError, apiUrl, type FieldErrors } from '@/lib/api'
import { reportReached, reportUnreachable } from '@/lib/connectivity'

/**
 * A JSON request with a method lib/api.ts has no helper for (PATCH, or a
 * DELETE with a body), answered and failing the way api.* calls do: the
 * server's {"error", "fields"} as an ApiError, status 0 when unreachable.
 */
export async function sendJson<T>(method: 'PATCH' | 'DELETE', path: string, body: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(apiUrl(path), {
      method,
      body: JSON.stringify(body),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
    })
  } catch {
    reportUnreachable()
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.')
  }
  reportReached()
  const text = await response.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = undefined
  }
  if (!response.ok) {
    const { error, fields } = (data && typeof data === 'object' ? data : {}) as { error?: unknown; fields?: unknown }
    const message = typeof error === 'string' && error ? error : response.statusText || `Request failed (${response.status})`
    throw new ApiError(response.status, message, fields && typeof fields === 'object' ? (fields as FieldErrors) : {})
  }
  return data as T
}
