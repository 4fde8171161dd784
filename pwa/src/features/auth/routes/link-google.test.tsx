import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { LinkGoogleRoute } from './link-google'

const routes = [
  { path: '/link-google', element: <LinkGoogleRoute /> },
  { path: '/', element: <p>home page</p> },
  { path: '/dashboard/myorders', element: <p>my orders page</p> },
  { path: '/forgot-password', element: <p>forgot password page</p> },
]

const wrongPassword = 'This is not the password of the account with this email'

describe('Link Google', () => {
  it('says an account with the email exists and asks for its password, with Forgot password? beside it', async () => {
    mockApi({})
    const { user } = renderRoutes(routes, '/link-google?email=owner%40example.com')
    expect(screen.getByRole('heading', { name: 'Link Google' })).toBeInTheDocument()
    expect(screen.getByText(/An account with this email/)).toHaveTextContent(
      'An account with this email (owner@example.com) exists. Enter its password to link Google.',
    )
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    await user.click(screen.getByRole('button', { name: 'Link Google and sign in' }))
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required')
  })

  it('links with the password, signs in and goes on to next', async () => {
    const fetch = mockApi({ 'POST /api/auth/google/link': () => json(buyer) })
    const { user } = renderRoutes(routes, '/link-google?email=owner%40example.com&next=%2Fdashboard%2Fmyorders')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Link Google and sign in' }))
    expect(await screen.findByText('my orders page')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/google/link',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ password: 'correct horse' }) }),
    )
  })

  it('never goes to another site after signing in', async () => {
    mockApi({ 'POST /api/auth/google/link': () => json(buyer) })
    const { user } = renderRoutes(routes, '/link-google?next=%2F%2Fevil.example%2Fx')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Link Google and sign in' }))
    expect(await screen.findByText('home page')).toBeInTheDocument()
  })

  it('puts a wrong password under the field and stays', async () => {
    mockApi({ 'POST /api/auth/google/link': () => apiError(401, wrongPassword, { password: wrongPassword }) })
    const { user } = renderRoutes(routes, '/link-google?email=owner%40example.com')
    await user.type(screen.getByLabelText('Password'), 'the registrant’s password?')
    await user.click(screen.getByRole('button', { name: 'Link Google and sign in' }))
    expect(await screen.findByText(wrongPassword)).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(wrongPassword)
    expect(screen.queryByText('home page')).not.toBeInTheDocument()
  })

  it('says when the Google sign-in expired', async () => {
    const expired = 'Your sign-in with Google has expired. Sign in with Google again.'
    mockApi({ 'POST /api/auth/google/link': () => apiError(409, expired) })
    const { user } = renderRoutes(routes, '/link-google?email=owner%40example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Link Google and sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(expired)
    expect(screen.getByRole('link', { name: 'Back to Log In' })).toHaveAttribute('href', '/login')
  })
})
