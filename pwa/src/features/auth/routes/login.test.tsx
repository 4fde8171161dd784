import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { LoginRoute } from './login'

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/', element: <p>home page</p> },
  { path: '/dashboard/myorders', element: <p>my orders page</p> },
]

describe('Login', () => {
  it('says which fields are required, under each one', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/login')
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Login' }))

    for (const label of ['Email', 'Password']) {
      const input = screen.getByLabelText(label)
      expect(input).toBeInvalid()
      expect(input).toHaveAccessibleDescription('This field is required')
    }
    expect(screen.getAllByText('This field is required')).toHaveLength(2)
    // Only the question of which sign-in buttons to show went out.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/providers'])
  })

  it("shows the server's message in red under the form", async () => {
    mockApi({ 'POST /api/auth/login': () => apiError(401, 'Invalid email or password') })
    const { user } = renderRoutes(routes, '/login')
    await user.type(screen.getByLabelText('Email'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
  })

  it('tells a suspended person until when and why, in full, and stays on the form', async () => {
    const suspended = 'Your account is suspended until 4 December 2026, 10:15 UTC: Listings copied from another site, again'
    mockApi({ 'POST /api/auth/login': () => apiError(403, suspended) })
    const { user } = renderRoutes(routes, '/login')
    await user.type(screen.getByLabelText('Email'), 'sam@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(suspended)
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByText('home page')).not.toBeInTheDocument()
  })

  it('signs in and returns to the page the visitor came from', async () => {
    const fetch = mockApi({ 'POST /api/auth/login': () => json(buyer) })
    const { user, router } = renderRoutes(routes, '/login')
    // As the guards do: remember the origin in location.state.
    await act(() => router.navigate('/login', { state: { from: { pathname: '/dashboard/myorders', search: '', hash: '' } } }))
    await user.type(screen.getByLabelText('Email'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('my orders page')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ email: 'bea@example.com', password: 'correct horse' }),
      }),
    )
  })

  it('goes home after signing in when there is no origin', async () => {
    mockApi({ 'POST /api/auth/login': () => json(buyer) })
    const { user } = renderRoutes(routes, '/login')
    await user.type(screen.getByLabelText('Email'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('home page')).toBeInTheDocument()
  })

  it('links to /register, and remember-me and forgot-password are there', () => {
    mockApi({})
    renderRoutes(routes, '/login')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /google/i })).not.toBeInTheDocument()
  })

  it("offers 'Sign in with google' when the server does, returning to the origin", async () => {
    mockApi({ 'GET /api/auth/providers': () => json({ google: true, mail: false }) })
    const { router } = renderRoutes(routes, '/login')
    await act(() => router.navigate('/login', { state: { from: { pathname: '/dashboard/myorders', search: '?x=1', hash: '' } } }))
    // The button may be drawn before React has rendered the navigation's state.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Sign in with google' })).toHaveAttribute(
        'href',
        '/api/auth/google?next=%2Fdashboard%2Fmyorders%3Fx%3D1',
      ),
    )
  })

  it('shows no Google button when the server has none', async () => {
    const fetch = mockApi({ 'GET /api/auth/providers': () => json({ google: false, mail: false }) })
    renderRoutes(routes, '/login')
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(screen.queryByRole('link', { name: /google/i })).not.toBeInTheDocument()
  })

  it('shows why a sign-in with Google failed, in red under the form', () => {
    mockApi({})
    renderRoutes(routes, '/login?error=You+did+not+allow+signing+in+with+Google')
    expect(screen.getByRole('alert')).toHaveTextContent('You did not allow signing in with Google')
  })

  it('tells a visitor a guard sent here to log in, and only them', async () => {
    mockApi({})
    const { router } = renderRoutes(routes, '/login')
    expect(screen.queryByText('Log in to see the listings')).not.toBeInTheDocument()
    await act(() => router.navigate('/login', { state: { from: { pathname: '/dashboard/myorders', search: '', hash: '' } } }))
    expect(await screen.findByText('Log in to see the listings')).toBeInTheDocument()
  })
})

describe('Login in German', () => {
  it('shows the heading, labels and errors in German, and no English', async () => {
    mockApi({})
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/login')
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('lang', 'de')
    await user.click(screen.getByRole('button', { name: 'Anmelden' }))
    for (const label of ['E-Mail', 'Passwort']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Dieses Feld ist erforderlich')
    }
    expect(screen.getByLabelText('Angemeldet bleiben')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Registrieren' })).toBeInTheDocument()
    expect(screen.getByText(/^Neu bei Rehome\?/)).toBeInTheDocument()
    const english = ['Login', 'Email', 'Password', 'Remember me', 'Forgot password?', 'Register', 'This field is required']
    for (const text of english) expect(screen.queryByText(text)).not.toBeInTheDocument()
    expect(screen.queryByText(/New to/)).not.toBeInTheDocument()
  })
})
