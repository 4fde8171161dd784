import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authKeys } from '@/lib/query-keys'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ConfirmEmailRoute } from './confirm-email'

const routes = [
  { path: '/confirm-email', element: <ConfirmEmailRoute /> },
  { path: '/dashboard/profile', element: <p>profile page</p> },
  { path: '/login', element: <p>login page</p> },
]
const linkPath = '/confirm-email?token=abc123'
const expiredMessage = 'This link has expired or was already used'

describe('Confirm email', () => {
  it('waits for the click, confirms, and fetches the signed-in user again', async () => {
    let me = buyer
    const fetch = mockApi({
      'GET /api/auth/me': () => json(me),
      'POST /api/auth/email/confirm': () => {
        me = { ...buyer, email: 'bea@new.example' }
        return json({ email: 'bea@new.example', kind: 'change' })
      },
    })
    const { user, queryClient } = renderRoutes(routes, linkPath)
    expect(screen.getByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument()
    await screen.findByRole('link', { name: 'Not now' })
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/email/confirm', expect.anything())

    await user.click(screen.getByRole('button', { name: 'Confirm email' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your email is now bea@new.example')
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/email/confirm',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'abc123' }) }),
    )
    await expect.poll(() => queryClient.getQueryData(authKeys.me())).toMatchObject({ email: 'bea@new.example' })
    await user.click(screen.getByRole('link', { name: 'Go to your profile' }))
    expect(await screen.findByText('profile page')).toBeInTheDocument()
  })

  it('confirms the address a "Confirm your email" link was mailed to', async () => {
    let me = { ...buyer, email_verified: false }
    mockApi({
      'GET /api/auth/me': () => json(me),
      'POST /api/auth/email/confirm': () => {
        me = { ...me, email_verified: true }
        return json({ email: buyer.email, kind: 'verification' })
      },
    })
    const { user, queryClient } = renderRoutes(routes, linkPath)
    await user.click(screen.getByRole('button', { name: 'Confirm email' }))
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(`${buyer.email} is confirmed as yours`)
    await expect.poll(() => queryClient.getQueryData(authKeys.me())).toMatchObject({ email_verified: true })
  })

  it('says the link is not valid when the server refuses the token, with a way to Log In', async () => {
    mockApi({
      'GET /api/auth/me': () => apiError(401, 'Sign in first'),
      'POST /api/auth/email/confirm': () => apiError(422, 'Some fields are not right', { token: expiredMessage }),
    })
    const { user } = renderRoutes(routes, linkPath)
    await user.click(screen.getByRole('button', { name: 'Confirm email' }))
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(expiredMessage)
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
  })

  it('says when another account took the address meanwhile', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/auth/email/confirm': () => apiError(409, 'That email already belongs to another account'),
    })
    const { user } = renderRoutes(routes, linkPath)
    await user.click(screen.getByRole('button', { name: 'Confirm email' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That email already belongs to another account')
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeEnabled()
  })

  it('says the link is not valid when it has no token', () => {
    const fetch = mockApi({})
    renderRoutes(routes, '/confirm-email')
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm email' })).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/email/confirm', expect.anything())
  })
})
