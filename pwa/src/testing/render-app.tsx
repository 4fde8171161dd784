import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { createTestOfflineStore, createTestQueryClient } from './render'

type Router = ReturnType<typeof createMemoryRouter>

/** Resolves once the router has loaded its first screen's code. */
function firstScreenLoaded(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}

/**
 * Renders the whole app (real routes, guards, layouts, toaster) at a path, for
 * tests in src/app. Mock the server with mockApi() first.
 *
 * It renders once the first screen's code has loaded. Until then the app's
 * shell stands in, with a top bar like the page's, and is then replaced: a
 * link found in the shell is gone by the time it is clicked, which on a busy
 * machine made tests click nothing. app-shell.test.tsx covers the shell.
 */
export async function renderApp(path: string) {
  const queryClient = createTestQueryClient()
  const offline = createTestOfflineStore()
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  await firstScreenLoaded(router)
  const user = userEvent.setup()
  const result = render(
    <AppProvider client={queryClient} offline={offline}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, user, router, queryClient, offline }
}
