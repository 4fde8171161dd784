import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ForgotPasswordRoute } from './forgot-password'

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordRoute /> },
  { path: '/login', element: <p>login page</p> },
]
const sentMessage = 'If an account uses that address, we sent it a link to set a new password.'
const withMail = { 'GET /api/auth/providers': () => json({ google: false, mail: true }) }

describe('Forgot password', () => {
  it('says to ask an admin, with no form, when the marketplace cannot send email', async () => {
    const fetch = mockApi({ 'GET /api/auth/providers': () => json({ google: true, mail: false }) })
    renderRoutes(routes, '/forgot-password')
    expect(await screen.findByText(/This marketplace cannot send email/)).toHaveTextContent('Ask an admin')
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Log In' })).toHaveAttribute('href', '/login')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('checks the address, sends it, and shows the answer in place of the form', async () => {
    const fetch = mockApi({ ...withMail, 'POST /api/auth/password/forgot': () => json({ message: sentMessage }, 202) })
    const { user } = renderRoutes(routes, '/forgot-password')
    const email = await screen.findByLabelText('Email')
    expect(email).toHaveAttribute('autocomplete', 'email')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(email).toHaveAccessibleDescription('This field is required')
    await user.type(email, 'not an address')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(email).toHaveAccessibleDescription('Enter a valid email address')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/password/forgot', expect.anything())

    await user.clear(email)
    await user.type(email, ' bea@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(sentMessage)
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password/forgot',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'bea@example.com' }) }),
    )
    await user.click(screen.getByRole('link', { name: 'Back to Log In' }))
    expect(await screen.findByText('login page')).toBeInTheDocument()
  })

  it("puts the server's email message under the input, and says when there were too many asks", async () => {
    let asks = 0
    mockApi({
      ...withMail,
      'POST /api/auth/password/forgot': () =>
        ++asks === 1
          ? apiError(422, 'Some fields are not right', { email: 'Enter a valid email address' })
          : apiError(429, 'Too many requests. Try again later.'),
    })
    const { user } = renderRoutes(routes, '/forgot-password')
    const email = await screen.findByLabelText('Email')
    await user.type(email, 'bea@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again later.')
    expect(email).toHaveValue('bea@example.com')
  })
})
