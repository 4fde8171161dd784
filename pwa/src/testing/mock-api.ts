// Mocks the network at the fetch level: tests describe what the server
// answers, and every module under test runs for real. The routes are typed
// by the API's OpenAPI document, as the app's calls are (src/lib/api.ts): a
// key is a method and path the document has, and json(...) must be one of
// the answers the document gives it, so a mock cannot answer what the server
// never would.
import { vi } from 'vitest'
import type { ApiPath, Body, Method, Operation } from '@/lib/api'
import type { components } from '@/lib/api/schema.gen'

/** '/products/{id}' → '/products/:id', the way the keys name parameters. */
type ColonPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Tail}` ? `${Head}:${Name}${ColonPath<Tail>}` : P

type KeyOf<M extends Method, P extends ApiPath> = `${Uppercase<M>} /api${ColonPath<P>}`

type Entry = {
  [M in Method]: { [P in ApiPath]: Operation<P, M> extends never ? never : { key: KeyOf<M, P>; method: M; path: P } }[ApiPath]
}[Method]

/** A route of the document: 'GET /api/products/:id'. */
export type MockKey = Entry['key']

type EntryOf<K extends MockKey> = Extract<Entry, { key: K }>

type ParameterNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParameterNames<Rest> : never

type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : null | undefined

/** Every answer the document gives the route, errors included; null for one without JSON (204). */
export type MockAnswer<K extends MockKey> =
  Operation<EntryOf<K>['path'], EntryOf<K>['method']> extends { responses: infer R }
    ? { [S in keyof R]: JsonOf<R[S]> }[keyof R]
    : never

declare const answers: unique symbol

/** A Response whose JSON is known to the type checker. */
export type MockResponse<T> = Response & { readonly [answers]: T }

export interface MockRequest<K extends MockKey = MockKey> {
  method: string
  url: URL
  /** Parsed JSON, the FormData as sent, or undefined. */
  body: K extends MockKey ? Body<EntryOf<K>['path'], EntryOf<K>['method']> | undefined : never
  params: Record<ParameterNames<EntryOf<K>['path']>, string>
}

export type MockHandler<K extends MockKey = MockKey> = (
  request: MockRequest<K>,
) => MockResponse<MockAnswer<K>> | Promise<MockResponse<MockAnswer<K>>>

/** The routes a test answers, each typed by its key. */
export type MockRoutes = { [K in MockKey]?: MockHandler<K> }

/** A JSON answer. */
export function json<T>(body: T, status = 200, headers: Record<string, string> = {}): MockResponse<T> {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  }) as MockResponse<T>
}

/** Our error JSON: {"error", "fields"}, with the headers given (a Retry-After, say). */
export function apiError(
  status: number,
  error: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): MockResponse<components['schemas']['Error']> {
  return json(fields ? { error, fields } : { error }, status, headers)
}

/** An answer that is not the API's (a proxy's page, say): the document does not describe it, so any route may give it. */
export function foreign(response: Response): MockResponse<never> {
  return response as MockResponse<never>
}

/**
 * A handler for the path's parameters having these values; others answer
 * 404, as the server does for what it does not have:
 *
 *   'DELETE /api/posts/:post': only({ post: '7' }, () => json(null, 204)),
 */
export function only<K extends MockKey>(values: Partial<MockRequest<K>['params']>, handler: MockHandler<K>): MockHandler<K> {
  return (request) =>
    Object.entries(values).every(([name, value]) => request.params[name as keyof typeof request.params] === value)
      ? handler(request)
      : (apiError(404, 'Not found') as MockResponse<never>)
}

/**
 * A JSON answer the document does not describe: an earlier version of the
 * server's (without keys added since, as the app may have saved it on the
 * device), or a later one's (an action this app does not know yet).
 */
export function undocumented(body: unknown): MockResponse<never> {
  return json(body) as MockResponse<never>
}

/** A request that never answers, to see loading states. */
export function pending(): Promise<never> {
  return new Promise(() => {})
}

function matcher(pattern: string) {
  const names: string[] = []
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  const regex = new RegExp(`^${source}$`)
  return (path: string): Record<string, string> | null => {
    const match = regex.exec(path)
    if (!match) return null
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]))
  }
}

/**
 * Stubs global fetch. Keys are 'METHOD /path', with :params:
 *
 *   const fetch = mockApi({
 *     'GET /api/auth/me': () => json(user),
 *     'DELETE /api/users/:id': ({ params }) => json(null, 204),
 *   })
 *   expect(fetch).toHaveBeenCalledWith('/api/users/3', expect.objectContaining({ method: 'DELETE' }))
 *
 * Unknown routes answer 404 like the server does. Stubs are undone after each test.
 */
export function mockApi(routes: MockRoutes) {
  const table = Object.entries(
    routes as Record<
      string,
      (request: { method: string; url: URL; body: unknown; params: Record<string, string> }) => Response | Promise<Response>
    >,
  ).map(([key, handler]) => {
    const [method = 'GET', pattern = '/'] = key.split(' ')
    return { method, match: matcher(pattern), handler }
  })
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin)
    const method = (init.method ?? 'GET').toUpperCase()
    let body: unknown = init.body ?? undefined
    if (typeof body === 'string') body = JSON.parse(body)
    for (const route of table) {
      if (route.method !== method) continue
      const params = route.match(url.pathname)
      if (params) return route.handler({ method, url, body, params })
    }
    return apiError(404, 'Not found')
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
