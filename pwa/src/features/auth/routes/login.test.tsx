import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
    expect(fetch).not.toHaveBeenCalled()
  })

  it("shows the server's message in red under the form", async () => {
    mockApi({ 'POST /api/auth/login': () => apiError(401, 'Invalid email or password') })
    const { user } = renderRoutes(routes, '/login')
    await user.type(screen.getByLabelText('Email'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
  })

  it('signs in and returns to the page the visitor came from', async () => {
    const fetch = mockApi({ 'POST /api/auth/login': () => json(buyer) })
    const { user, router } = renderRoutes(routes, '/login')
    // As the guards do: remember the origin in location.state.
    await router.navigate('/login', { state: { from: { pathname: '/dashboard/myorders', search: '', hash: '' } } })
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
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /google/i })).not.toBeInTheDocument()
  })
})
