// The server's JSON API under /api, typed by its OpenAPI document: a call
// names a path of the document without the /api prefix, with its parameters
// filled in by name, and gets the body and answer types the document gives
// that path and method (src/lib/api/schema.gen.ts, `npm run contract`):
//
//   api.get('/products/{id}', { path: { id }, signal })   // Promise<Product>
//   api.post('/auth/login', { body: { email, password } })  // Promise<User>
//
// A path the document lacks, a method it does not give the path, a wrong
// body or an answer read as the wrong type fails `npm run typecheck`.
// Why typing this layer rather than openapi-fetch's createClient<paths>: the
// types cost no bytes of the first script (openapi-fetch adds some 6 KB, and
// the behaviour below would live in its middleware all the same); the app
// keeps throwing ApiError instead of unwrapping { data, error } at each call;
// and fetch keeps being called with (url, init) as the tests read it.
// The session is an HttpOnly cookie, so nothing here handles tokens.
import type { paths } from './api/schema.gen'
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

/** The document's paths under /api, without the prefix: '/products/{id}'. */
type ApiPaths = { [P in keyof paths as P extends `/api/${infer Rest}` ? `/${Rest}` : never]: paths[P] }

export type ApiPath = keyof ApiPaths

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch'

/** The paths the document gives the method. */
export type PathsWith<M extends Method> = { [P in ApiPath]: ApiPaths[P][M] extends undefined ? never : P }[ApiPath]

export type Operation<P extends ApiPath, M extends Method> = NonNullable<ApiPaths[P][M]>

type Success = 200 | 201 | 202 | 204

type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined

/** What a successful call answers: each 2xx's JSON, undefined for one with no JSON (204). */
export type Answer<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? { [S in keyof R]: S extends Success ? JsonOf<R[S]> : never }[keyof R] : never

type Content<O> = O extends { requestBody?: infer B } ? (B extends { content: infer C } ? C : never) : never

type BodyOf<C> =
  (C extends { 'application/json': infer T } ? T : never) | (C extends { 'multipart/form-data': unknown } ? FormData : never)

/** The request body the document takes for the path and method (FormData for multipart). */
export type Body<P extends ApiPath, M extends Method> = BodyOf<Content<Operation<P, M>>>

type ParametersOf<O> = O extends { parameters: infer P } ? P : never

type PathInit<O> = ParametersOf<O> extends { path: infer V } ? { path: V } : { path?: never }

type QueryInit<O> =
  ParametersOf<O> extends { query: infer Q }
    ? { query: Q }
    : ParametersOf<O> extends { query?: infer Q }
      ? [Exclude<Q, undefined>] extends [never]
        ? { query?: never }
        : // A URLSearchParams goes as it is: the search's own address, which the server checks (422 names the field).
          { query?: Exclude<Q, undefined> | URLSearchParams }
      : { query?: never }

type BodyPart<O> = [Content<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: object }
    ? { body: BodyOf<Content<O>> }
    : { body?: BodyOf<Content<O>> }

export interface RequestOptions {
  signal?: AbortSignal
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>
  /** Told the path the answer came from when the server redirected the call, e.g. to a renamed category. */
  redirected?: (path: string) => void
}

/** What a call to the path with the method takes besides the path: path parameters, query, body, options. */
export type Init<P extends ApiPath, M extends Method> = RequestOptions &
  PathInit<Operation<P, M>> &
  QueryInit<Operation<P, M>> &
  BodyPart<Operation<P, M>>

/** The init argument, optional when nothing in it is required. */
// `{} extends T` asks whether every property of T is optional: {} here is the type of no properties, as meant.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type InitArgs<P extends ApiPath, M extends Method> = {} extends Init<P, M> ? [init?: Init<P, M>] : [init: Init<P, M>]

type Call<M extends Method> = <P extends PathsWith<M>>(path: P, ...init: InitArgs<P, M>) => Promise<Answer<P, M>>

export type QueryParams = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>

/** The names of a path's parameters: '/conversations/{id}/messages/{messageId}/accept' → 'id' | 'messageId'. */
type ParameterNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParameterNames<Rest> : never

const base = '/api'

/** The path with its parameters filled in, each encoded: apiPath('/products/{id}', { id: 4 }) is '/products/4'. */
export function apiPath<P extends ApiPath>(path: P, parameters: Record<ParameterNames<P>, string | number>): string
export function apiPath(path: string, parameters: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters[name]
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`)
    return encodeURIComponent(value)
  })
}

/** The URL of a GET under /api, e.g. for a link that downloads. */
export function apiUrl(path: PathsWith<'get'>, query?: QueryParams | URLSearchParams): string {
  return urlOf(path, query)
}

function urlOf(path: string, query?: QueryParams | URLSearchParams): string {
  const search = new URLSearchParams()
  if (query instanceof URLSearchParams) {
    query.forEach((value, key) => search.append(key, value))
  } else {
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue
      if (Array.isArray(value)) for (const each of value) search.append(key, String(each))
      else search.set(key, String(value))
    }
  }
  const text = search.toString()
  return base + path + (text ? `?${text}` : '')
}

/** Any call's init, as the code below reads it. */
interface LooseInit extends RequestOptions {
  path?: Record<string, string | number>
  query?: QueryParams | URLSearchParams
  body?: unknown
}

/** Sends a call to the path, its parameters filled in already. */
async function request<T>(method: string, path: string, init: LooseInit = {}): Promise<T> {
  const { body } = init
  const form = body instanceof FormData
  let response: Response
  try {
    response = await fetch(urlOf(path, init.query), {
      method,
      // Form data is sent as it is: the browser sets the multipart boundary.
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      // The server says its refusals in the person's language, and a visitor's is the one the app shows.
      headers: {
        Accept: 'application/json',
        ...(i18n.locale ? { 'Accept-Language': i18n.locale } : {}),
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      credentials: 'same-origin',
      signal: init.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    reportUnreachable()
    throw new ApiError(
      0,
      i18n._({ id: 'api.unreachable', message: 'Cannot reach the server. Check your connection and try again.' }),
    )
  }
  reportReached()
  if (!response.ok) throw await errorFrom(response)
  if (response.redirected && response.url) init.redirected?.(new URL(response.url, window.location.origin).pathname)
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
    message ||
      response.statusText ||
      i18n._({ id: 'api.failed', message: 'Request failed ({status})', values: { status: response.status } }),
    fields,
    retryAfter,
  )
}

function call<M extends Method>(method: M): Call<M> {
  return ((path: string, init?: LooseInit) =>
    request(method.toUpperCase(), apiPath(path as ApiPath, init?.path ?? {}), init)) as Call<M>
}

export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  /** A DELETE, with a JSON body when the document takes one (a reason, say). */
  delete: call('delete'),
}

/** A POST written down to be sent later by the offline outbox, which stores it as plain data: the path filled in, the body checked against the document now. */
export function postLater<P extends PathsWith<'post'>>(path: P, ...[init]: InitArgs<P, 'post'>): { path: string; body: unknown } {
  const { path: parameters, body } = (init ?? {}) as LooseInit
  return { path: apiPath(path, parameters ?? {}), body }
}

/** Sends a POST written down by postLater (its path filled in already). */
export function sendLater({ path, body }: { path: string; body: unknown }, options: RequestOptions): Promise<unknown> {
  return request('POST', path, { ...options, body })
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return i18n._({ id: 'api.somethingWrong', message: 'Something went wrong' })
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}
