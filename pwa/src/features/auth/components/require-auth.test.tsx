import { act, screen } from '@testing-library/react'
import { useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { admin, buyer, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, pending } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { RequireAuth, RequireRole } from './require-auth'

function LoginProbe() {
  const location = useLocation()
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from
  return <p>login page, from {from ? from.pathname + from.search : 'nowhere'}</p>
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/private', element: <p>private page</p> }],
  },
  {
    element: <RequireRole role="Admin" />,
    children: [{ path: '/admin', element: <p>admin page</p> }],
  },
  {
    path: '/seller',
    element: (
      <RequireRole role="Seller">
        <p>seller page</p>
      </RequireRole>
    ),
  },
]

describe('RequireAuth', () => {
  it('shows a spinner while the user is loading', async () => {
    mockApi({ 'GET /api/auth/me': () => pending() })
    renderRoutes(routes, '/private')
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your account…')
    expect(screen.queryByText('private page')).not.toBeInTheDocument()
  })

  it('says the account is not saved here, rather than spinning, while offline', async () => {
    mockApi({ 'GET /api/auth/me': () => pending() })
    renderRoutes(routes, '/private')
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your account…')
    act(() => reportUnreachable())
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    expect(screen.getByText(/Your account is not saved on this device yet/)).toBeInTheDocument()
    expect(screen.queryByText('private page')).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor to /login, remembering the page', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    const { router } = renderRoutes(routes, '/private?tab=2')
    expect(await screen.findByText('login page, from /private?tab=2')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('shows the page to a signed-in user', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    renderRoutes(routes, '/private')
    expect(await screen.findByText('private page')).toBeInTheDocument()
  })
})

describe('RequireRole', () => {
  it.each([
    ['a buyer on an admin page', buyer, '/admin', 'This page is for admins'],
    ['a seller on an admin page', seller, '/admin', 'This page is for admins'],
    ['an admin on a seller page', admin, '/seller', 'This page is for sellers'],
  ])('tells %s why not, with a way back, rather than asking them to log in', async (_, user, path, title) => {
    mockApi({ 'GET /api/auth/me': () => json(user) })
    renderRoutes(routes, path)
    expect(await screen.findByText(title)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
    expect(screen.queryByText(/login page/)).not.toBeInTheDocument()
    expect(document.title).toContain(title)
  })

  it('offers a buyer on a seller page to start selling', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    renderRoutes(routes, '/seller')
    expect(await screen.findByText('This page is for sellers')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start selling' })).toHaveAttribute('href', '/sell')
    expect(screen.queryByText(/not a seller account/)).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    renderRoutes(routes, '/admin')
    expect(await screen.findByText('login page, from /admin')).toBeInTheDocument()
  })

  it('shows a spinner while the user is loading', async () => {
    mockApi({ 'GET /api/auth/me': () => pending() })
    renderRoutes(routes, '/seller')
    expect(await screen.findByRole('status')).toBeInTheDocument()
    expect(screen.queryByText('seller page')).not.toBeInTheDocument()
  })

  it.each([
    ['an admin', admin, '/admin', 'admin page'],
    ['a seller', seller, '/seller', 'seller page'],
  ])('shows the page to %s', async (_, user, path, text) => {
    mockApi({ 'GET /api/auth/me': () => json(user) })
    renderRoutes(routes, path)
    expect(await screen.findByText(text)).toBeInTheDocument()
  })
})
