// Profile: whether the email is confirmed, the link that confirms it, and
// the notice after Google took an account over from whoever made it.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, list } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProfileRoute } from './profile'

const routes = [{ path: '/dashboard/profile', element: <ProfileRoute /> }]
const sentMessage = 'We sent a link to bea@example.com. Open it to confirm your email.'

function signedIn({
  emailVerified,
  mail = true,
  hasPassword = true,
}: {
  emailVerified: boolean
  mail?: boolean
  hasPassword?: boolean
}) {
  return {
    'GET /api/auth/me': () => json({ ...buyer, email_verified: emailVerified, has_password: hasPassword }),
    'GET /api/auth/providers': () => json({ google: true, mail }),
    'GET /api/auth/sessions': () => json(list([])),
    'GET /api/push/preferences': () =>
      json({ message: true, reply: true, booking: true, declined: true, payment: true, reminder: true }),
    'GET /api/blocks': () => json(list([])),
  }
}

function section(name: string) {
  return within(screen.getByRole('region', { name }))
}

async function openProfile(path = '/dashboard/profile') {
  const rendered = renderRoutes(routes, path)
  expect(await screen.findByLabelText('Name')).toHaveValue(buyer.name)
  return rendered
}

describe('Profile: email confirmation', () => {
  it('says a confirmed email is confirmed, and offers no link', async () => {
    mockApi(signedIn({ emailVerified: true }))
    await openProfile()
    const email = section('Email')
    expect(email.getByText('This email is confirmed as yours.')).toBeInTheDocument()
    expect(email.queryByRole('button', { name: 'Send confirmation link' })).not.toBeInTheDocument()
  })

  it('sends a confirmation link for an email not confirmed, and says where it went', async () => {
    const fetch = mockApi({
      ...signedIn({ emailVerified: false }),
      'POST /api/auth/email/verify': () => json({ message: sentMessage }, 202),
    })
    const { user } = await openProfile()
    const email = section('Email')
    expect(email.getByText('Not confirmed')).toBeInTheDocument()
    await user.click(await email.findByRole('button', { name: 'Send confirmation link' }))
    expect(await email.findByRole('status')).toHaveTextContent(sentMessage)
    expect(fetch).toHaveBeenCalledWith('/api/auth/email/verify', expect.objectContaining({ method: 'POST' }))
  })

  it('shows why a link was not sent', async () => {
    mockApi({
      ...signedIn({ emailVerified: false }),
      'POST /api/auth/email/verify': () => apiError(429, 'Too many confirmation mails. Try again later.'),
    })
    const { user } = await openProfile()
    await user.click(await section('Email').findByRole('button', { name: 'Send confirmation link' }))
    expect(await screen.findByText('Too many confirmation mails. Try again later.')).toBeInTheDocument()
  })

  it('offers no link when the marketplace cannot send mail', async () => {
    mockApi(signedIn({ emailVerified: false, mail: false }))
    await openProfile()
    const email = section('Email')
    expect(await email.findByText(/cannot send email, so no link can confirm it/)).toBeInTheDocument()
    expect(email.queryByRole('button', { name: 'Send confirmation link' })).not.toBeInTheDocument()
  })
})

describe('Profile: after Google took the account over', () => {
  it('tells the person their old password was removed, and lets them set one without it', async () => {
    const fetch = mockApi({
      ...signedIn({ emailVerified: true }),
      'POST /api/auth/password': () => json({ ...buyer, email_verified: true }),
    })
    const { user } = await openProfile('/dashboard/profile?notice=password-removed')
    expect(screen.getByRole('status')).toHaveTextContent(/the password it had was removed/)
    const form = section('Set a password')
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument()
    await user.type(form.getByLabelText('New password'), 'a new secret')
    await user.type(form.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(form.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByText('Your password is set. You can log in with it.')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ current_password: '', new_password: 'a new secret' }) }),
    )
    // Done: the Profile is as ever.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Change password' })).toBeInTheDocument())
    expect(screen.queryByText(/the password it had was removed/)).not.toBeInTheDocument()
  })

  it('lets an account without a password set one on any visit, not only after the notice', async () => {
    mockApi({
      ...signedIn({ emailVerified: true, hasPassword: false }),
      'POST /api/auth/password': () => json({ ...buyer, email_verified: true, has_password: true }),
    })
    const { user } = await openProfile()
    expect(screen.queryByText(/the password it had was removed/)).not.toBeInTheDocument()
    const form = section('Set a password')
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument()
    await user.type(form.getByLabelText('New password'), 'a new secret')
    await user.type(form.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(form.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByText('Your password is set. You can log in with it.')).toBeInTheDocument()
    // The answer says the account has one now: from here on it is changed with the current one.
    const change = await screen.findByRole('region', { name: 'Change password' })
    expect(within(change).getByLabelText('Current password')).toBeInTheDocument()
  })
})
