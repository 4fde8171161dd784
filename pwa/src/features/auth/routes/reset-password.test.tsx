import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authKeys } from '@/lib/query-keys'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ResetPasswordRoute } from './reset-password'

const routes = [
  { path: '/reset-password', element: <ResetPasswordRoute /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/dashboard', element: <p>dashboard page</p> },
]
const linkPath = '/reset-password?token=abc123'
const expiredMessage = 'This link has expired or was already used. Ask for a new one.'

describe('Reset password', () => {
  it('asks for the new password twice, with the registration rules, before sending anything', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, linkPath)
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
    const password = screen.getByLabelText('New password')
    const confirm = screen.getByLabelText('Confirm new password')
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    expect(confirm).toHaveAttribute('autocomplete', 'new-password')

    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(password).toHaveAccessibleDescription(/This field is required/)
    expect(confirm).toHaveAccessibleDescription('This field is required')

    await user.type(password, 'short')
    await user.type(confirm, 'shorter')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(password).toBeInvalid()
    expect(password).toHaveAccessibleDescription(/Use at least 8 characters/)
    expect(confirm).toHaveAccessibleDescription('The passwords do not match')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/password/reset', expect.anything())
  })

  it('changes the password, signs the person in and goes to the dashboard', async () => {
    const fetch = mockApi({ 'POST /api/auth/password/reset': () => json(buyer) })
    const { user, queryClient } = renderRoutes(routes, linkPath)
    await user.type(screen.getByLabelText('New password'), 'a new secret')
    await user.type(screen.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Change password' }))

    expect(await screen.findByText('dashboard page')).toBeInTheDocument()
    expect(await screen.findByText('Your password is changed')).toBeInTheDocument()
    expect(queryClient.getQueryData(authKeys.me())).toEqual(buyer)
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password/reset',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ token: 'abc123', password: 'a new secret' }),
      }),
    )
  })

  it('says the link is not valid, with a way to a new link or to Log In, when the server refuses the token', async () => {
    mockApi({
      'POST /api/auth/password/reset': () => apiError(422, 'Some fields are not right', { token: expiredMessage }),
    })
    const { user } = renderRoutes(routes, linkPath)
    await user.type(screen.getByLabelText('New password'), 'a new secret')
    await user.type(screen.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Change password' }))

    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(expiredMessage)
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password')
    await user.click(screen.getByRole('link', { name: 'Log In' }))
    expect(await screen.findByText('login page')).toBeInTheDocument()
  })

  it("puts the server's password message under the password", async () => {
    mockApi({
      'POST /api/auth/password/reset': () => apiError(422, 'Some fields are not right', { password: 'Use at most 72 bytes' }),
    })
    const { user } = renderRoutes(routes, linkPath)
    await user.type(screen.getByLabelText('New password'), 'a new secret')
    await user.type(screen.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Change password' }))

    expect(await screen.findByText('Use at most 72 bytes')).toBeInTheDocument()
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use at most 72 bytes/)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says the link is not valid when it has no token', async () => {
    const fetch = mockApi({})
    renderRoutes(routes, '/reset-password')
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})
