// Mocks the network at the fetch level: tests describe what the server
// answers, and every module under test runs for real.
import { vi } from 'vitest'

export interface MockRequest {
  method: string
  url: URL
  /** Parsed JSON, the FormData as sent, or undefined. */
  body: unknown
  params: Record<string, string>
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** Our error JSON: {"error", "fields"}. */
export function apiError(status: number, error: string, fields?: Record<string, string>): Response {
  return json(fields ? { error, fields } : { error }, status)
}

/** A request that never answers, to see loading states. */
export function pending(): Promise<Response> {
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
export function mockApi(routes: Record<string, MockHandler>) {
  const table = Object.entries(routes).map(([key, handler]) => {
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
