import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { buyer } from '@/testing/fixtures'
import { RouteErrorRoute } from './route-error'

function Broken(): never {
  throw new Error('The shelf collapsed')
}

describe('error page', () => {
  it("shows the error's message and logs out from there", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetch = mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/auth/logout': () => json(null, 204),
    })
    const { user, router } = renderRoutes(
      [
        { path: '/broken', element: <Broken />, errorElement: <RouteErrorRoute /> },
        { path: '/', element: <p>home page</p> },
      ],
      '/broken',
    )
    expect(await screen.findByRole('heading', { name: 'Something is wrong!' })).toBeInTheDocument()
    expect(screen.getByText('The shelf collapsed')).toBeInTheDocument()
    // The button works once the logout code has loaded (it is not in the first script).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Please Log Out' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Please Log Out' }))
    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }))
  })

  it('shows the status text of an error response', async () => {
    mockApi({})
    renderRoutes(
      [
        {
          path: '/gone',
          loader: () => {
            throw new Response(null, { status: 410, statusText: 'Gone for good' })
          },
          element: <p>never</p>,
          errorElement: <RouteErrorRoute />,
          HydrateFallback: () => null,
        },
      ],
      '/gone',
    )
    expect(await screen.findByText('Gone for good')).toBeInTheDocument()
  })
})
