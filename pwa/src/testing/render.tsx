import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { Toaster } from 'react-hot-toast'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { OfflineStore } from '@/lib/offline/offline-store'
import { OfflineStoreProvider } from '@/lib/offline/use-offline-store'
import { i18n } from '@/lib/i18n'
import { createQueryClient } from '@/lib/query-client'

/** The app's query client defaults, minus retries: tests should fail fast. */
export function createTestQueryClient() {
  const client = createQueryClient()
  const defaults = client.getDefaultOptions()
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } })
  return client
}

let stores = 0

/** An OfflineStore of its own (its own IndexedDB database), for one test. */
export function createTestOfflineStore() {
  return new OfflineStore({ databaseName: `rehome-test-${++stores}` })
}

/**
 * Renders some routes in a memory router with a fresh query cache and a
 * toaster, and a fresh offline store (`offline`): for a feature's screens on
 * their own. Mock the server with mockApi() first.
 *
 *   const { user, router } = renderRoutes([{ path: '/x', element: <X /> }], '/x')
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = createTestQueryClient()
  const offline = createTestOfflineStore()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <OfflineStoreProvider store={offline}>
          <RouterProvider router={router} />
        </OfflineStoreProvider>
      </I18nProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, user, router, queryClient, offline }
}
