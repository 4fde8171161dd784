import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, list } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProfileRoute } from './profile'

const routes = [{ path: '/dashboard/profile', element: <ProfileRoute /> }]

function signedIn(google: boolean) {
  return {
    'GET /api/auth/me': () => json(buyer),
    'GET /api/auth/providers': () => json({ google, mail: false }),
    'GET /api/auth/sessions': () => json(list([])),
    'GET /api/push/preferences': () =>
      json({ message: true, reply: true, booking: true, declined: true, payment: true, reminder: true }),
    'GET /api/blocks': () => json(list([])),
  }
}

async function openProfile(path = '/dashboard/profile') {
  renderRoutes(routes, path)
  expect(await screen.findByLabelText('Name')).toHaveValue(buyer.name)
}

describe('Profile: Sign in with Google', () => {
  it('links Google through the server when the marketplace offers it', async () => {
    mockApi(signedIn(true))
    await openProfile()
    const google = within(await screen.findByRole('region', { name: 'Sign in with Google' }))
    expect(google.getByRole('link', { name: 'Link Google' })).toHaveAttribute('href', '/api/auth/google?link=1')
  })

  it('is not there when the marketplace has no Google', async () => {
    mockApi(signedIn(false))
    await openProfile()
    expect(screen.queryByRole('region', { name: 'Sign in with Google' })).not.toBeInTheDocument()
  })

  it('says Google is linked', async () => {
    mockApi(signedIn(true))
    await openProfile('/dashboard/profile?notice=google-linked')
    const google = within(await screen.findByRole('region', { name: 'Sign in with Google' }))
    expect(google.getByRole('status')).toHaveTextContent('Google is linked')
  })

  it('says why Google was not linked', async () => {
    mockApi(signedIn(true))
    await openProfile('/dashboard/profile?error=This+Google+account+is+already+linked+to+another+account+here')
    const google = within(await screen.findByRole('region', { name: 'Sign in with Google' }))
    expect(google.getByRole('alert')).toHaveTextContent('This Google account is already linked to another account here')
  })
})
