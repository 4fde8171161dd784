// A small typed fetch wrapper for the server's JSON API under /api.
// Paths are given without the /api prefix: api.get<User>('/auth/me').
// The session is an HttpOnly cookie, so nothing here handles tokens.
import { reportReached, reportUnreachable } from './connectivity'
import { i18n } from './i18n'

export type FieldErrors = Record<string, string>

/** A failed call: the server's {"error", "fields"} answer, or status 0 when the network failed. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly fields: FieldErrors
  /** The answer's Retry-After, in seconds, when it had one. */
  readonly retryAfter: number | undefined

  constructor(status: number, message: string, fields: FieldErrors = {}, retryAfter?: number) {
    super(message)
    this.status = status
    this.fields = fields
    this.retryAfter = retryAfter
  }

  /** 4xx: asking again will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500
  }

  /**
   * 502, 503 or 504: the marketplace (or what it needs, its database, say)
   * cannot answer for now, and the same request will do in a moment.
   */
  get isUnavailable(): boolean {
    return this.status === 502 || this.status === 503 || this.status === 504
  }
}

/** Retry-After in seconds, whether it gives seconds or a date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim())
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>

export interface RequestOptions {
  params?: QueryParams
  signal?: AbortSignal
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>
  /** Told the path the answer came from when the server redirected the call, e.g. to a renamed category. */
  redirected?: (path: string) => void
}

const base = '/api'

export function apiUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const query = search.toString()
  return base + path + (query ? `?${query}` : '')
}

async function request<T>(
  method: string,
  path: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response
  try {
    response = await fetch(apiUrl(path, options.params), {
      method,
      body,
      // The server says its refusals in the person's language, and a visitor's is the one the app shows.
      headers: { Accept: 'application/json', ...(i18n.locale ? { 'Accept-Language': i18n.locale } : {}), ...headers, ...options.headers },
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    reportUnreachable()
    throw new ApiError(0, i18n._({ id: 'api.unreachable', message: 'Cannot reach the server. Check your connection and try again.' }))
  }
  reportReached()
  if (!response.ok) throw await errorFrom(response)
  if (response.redirected && response.url) options.redirected?.(new URL(response.url, window.location.origin).pathname)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = ''
  let fields: FieldErrors = {}
  try {
    const data: unknown = await response.json()
    if (data && typeof data === 'object') {
      const { error, fields: f } = data as { error?: unknown; fields?: unknown }
      if (typeof error === 'string') message = error
      if (f && typeof f === 'object') fields = f as FieldErrors
    }
  } catch {
    // Not our JSON (a proxy's page, say): fall back to the status line.
  }
  const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'))
  // A load balancer with no instance to send to answers 502 or 503 with a
  // page of its own: say what it means, in the person's language.
  if (!message && [502, 503, 504].includes(response.status))
    message = i18n._({ id: 'api.unavailable', message: 'The marketplace cannot answer right now: try again in a moment.' })
  return new ApiError(
    response.status,
    message || response.statusText || i18n._({ id: 'api.failed', message: 'Request failed ({status})', values: { status: response.status } }),
    fields,
    retryAfter,
  )
}

function json(method: string) {
  return <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? {} : { 'Content-Type': 'application/json' },
      options,
    )
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, {}, options),
  post: json('POST'),
  put: json('PUT'),
  patch: json('PATCH'),
  /** A DELETE, with a JSON body when one is given (a reason, say). */
  delete: <T = void>(path: string, body?: unknown, options?: RequestOptions) => json('DELETE')<T>(path, body, options),
  /** Sends multipart form data; the browser sets the boundary. */
  upload: <T>(path: string, form: FormData, options?: RequestOptions & { method?: 'POST' | 'PUT' }) =>
    request<T>(options?.method ?? 'POST', path, form, {}, options),
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return i18n._({ id: 'api.somethingWrong', message: 'Something went wrong' })
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}
