import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { SessionEnded } from '@/features/auth'
import { signedOutMessage } from '@/features/auth/components/session-ended'
import { authKeys } from '@/lib/query-keys'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { createTestOfflineStore, createTestQueryClient } from '@/testing/render'
import { AppProvider } from './provider'
import { routes } from './router'

/**
 * The app at a path, signed in, whose session ends elsewhere as it loads:
 * the first GET /api/auth/me still says who, the conversations answer 401,
 * and from then on so does GET /api/auth/me.
 */
function renderEnded(path: string) {
  let ended = false
  const signedOut = () => {
    ended = true
    return apiError(401, 'Sign in first')
  }
  const fetch = mockApi({
    'GET /api/auth/me': () => (ended ? apiError(401, 'Sign in first') : json(buyer)),
    'GET /api/conversations/unread': signedOut,
    'GET /api/conversations': signedOut,
    'GET /api/posts': () => json({ items: [], total: 0 }),
  })
  const queryClient = createTestQueryClient()
  const offline = createTestOfflineStore()
  const deletePrivateData = vi.spyOn(offline, 'deletePrivateData')
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  userEvent.setup()
  render(
    <AppProvider client={queryClient} offline={offline}>
      <RouterProvider router={router} />
      <SessionEnded />
    </AppProvider>,
  )
  const asked = (prefix: string) => fetch.mock.calls.filter(([url]) => String(url).startsWith(prefix)).length
  return { router, queryClient, deletePrivateData, asked }
}

describe('a session ended elsewhere', () => {
  it('on a private page: says so once, forgets the person here and shows the login form, which leads back', async () => {
    const { router, queryClient, deletePrivateData, asked } = renderEnded('/dashboard/messages')
    expect(await screen.findByText(signedOutMessage)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/messages' } })
    expect(await screen.findByLabelText('Email')).toBeInTheDocument()
    // The login form says it, and keeps saying it once the toast has gone.
    const main = screen.getByRole('main')
    expect(within(main).getByRole('status')).toHaveTextContent(signedOutMessage)
    await waitFor(() => expect(screen.getAllByText(signedOutMessage)).toHaveLength(1))
    expect(queryClient.getQueryData(authKeys.me())).toBeNull()
    await waitFor(() => expect(deletePrivateData).toHaveBeenCalledTimes(1))

    // Nothing asks the server as that person any more, even when everything is refetched.
    const before = asked('/api/conversations')
    await act(() => queryClient.invalidateQueries())
    expect(asked('/api/conversations')).toBe(before)
  })

  it('on a public page: the page stays, signed out', async () => {
    const { router } = renderEnded('/blogs')
    expect(await screen.findByText(signedOutMessage)).toBeInTheDocument()
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await within(nav).findByRole('link', { name: 'Log In' })
    expect(router.state.location.pathname).toBe('/blogs')
  })
})
