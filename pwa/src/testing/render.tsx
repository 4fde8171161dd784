import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from 'react-hot-toast'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { createQueryClient } from '@/lib/query-client'

/** The app's query client defaults, minus retries: tests should fail fast. */
export function createTestQueryClient() {
  const client = createQueryClient()
  const defaults = client.getDefaultOptions()
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } })
  return client
}

/**
 * Renders some routes in a memory router with a fresh query cache and a
 * toaster: for a feature's screens on their own. Mock the server with
 * mockApi() first.
 *
 *   const { user, router } = renderRoutes([{ path: '/x', element: <X /> }], '/x')
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = createTestQueryClient()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, user, router, queryClient }
}
