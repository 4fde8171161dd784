import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { createTestOfflineStore, createTestQueryClient } from './render'

/**
 * Renders the whole app (real routes, guards, layouts, toaster) at a path, for
 * tests in src/app. Mock the server with mockApi() first.
 */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient()
  const offline = createTestOfflineStore()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const result = render(
    <AppProvider client={queryClient} offline={offline}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, user, router, queryClient, offline }
}
