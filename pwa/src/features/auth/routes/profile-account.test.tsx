// Profile's account sections: Email, Active sessions, Your data, Leave Rehome.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MockRoutes } from '@/testing/mock-api'
import { authKeys } from '@/lib/query-keys'
import { buyer, list } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import type { Session } from '../api/sessions'
import { ProfileRoute } from './profile'

const routes = [
  { path: '/dashboard/profile', element: <ProfileRoute /> },
  { path: '/', element: <p>home page</p> },
]
const invalid = 'Some fields are not right'
const sentMessage = 'We sent a link to bea@new.example. Your email changes when you open it.'

const thisOne: Session = {
  id: 'aa01',
  device: 'Firefox on Linux',
  created_at: '2026-11-20T09:00:00Z',
  last_seen: new Date().toISOString(),
  current: true,
}
const phone: Session = {
  id: 'bb02',
  device: 'Chrome on Android',
  created_at: '2026-11-01T09:00:00Z',
  last_seen: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
  current: false,
}
const laptop: Session = {
  id: 'cc03',
  device: 'Safari on macOS',
  created_at: '2026-09-01T09:00:00Z',
  last_seen: '2026-10-02T09:00:00Z',
  current: false,
}

function signedIn({ mail = true, sessions = [thisOne] }: { mail?: boolean; sessions?: Session[] } = {}) {
  return {
    'GET /api/auth/me': () => json(buyer),
    'GET /api/auth/providers': () => json({ google: false, mail }),
    'GET /api/auth/sessions': () => json(list(sessions)),
    'GET /api/blocks': () => json(list([])),
  } satisfies MockRoutes
}

function section(name: string) {
  return within(screen.getByRole('region', { name }))
}

async function openProfile() {
  const rendered = renderRoutes(routes, '/dashboard/profile')
  expect(await screen.findByLabelText('Name')).toHaveValue(buyer.name)
  return rendered
}

describe('Profile: Email', () => {
  it('sends a link to the new address with the current password, and says so', async () => {
    const fetch = mockApi({ ...signedIn(), 'POST /api/auth/email': () => json({ message: sentMessage }, 202) })
    const { user } = await openProfile()
    const email = section('Email')
    expect(email.getByText(buyer.email)).toBeInTheDocument()
    const address = await email.findByLabelText('New email')
    const password = email.getByLabelText('Current password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')

    await user.click(email.getByRole('button', { name: 'Change email' }))
    expect(address).toHaveAccessibleDescription('This field is required')
    expect(password).toHaveAccessibleDescription('This field is required')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/email', expect.anything())

    await user.type(address, 'bea@new.example')
    await user.type(password, 'my secret')
    await user.click(email.getByRole('button', { name: 'Change email' }))
    expect(await email.findByRole('status')).toHaveTextContent(sentMessage)
    expect(screen.getAllByText(sentMessage)).toHaveLength(2) // and the toast
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/email',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'bea@new.example', password: 'my secret' }) }),
    )
    expect(address).toHaveValue('')
    expect(password).toHaveValue('')
  })

  it('puts a wrong password under its input', async () => {
    mockApi({
      ...signedIn(),
      'POST /api/auth/email': () => apiError(422, invalid, { password: 'This is not your current password' }),
    })
    const { user } = await openProfile()
    const email = section('Email')
    await user.type(await email.findByLabelText('New email'), 'bea@new.example')
    const password = email.getByLabelText('Current password')
    await user.type(password, 'wrong')
    await user.click(email.getByRole('button', { name: 'Change email' }))
    await waitFor(() => expect(password).toHaveAccessibleDescription('This is not your current password'))
    expect(email.queryByRole('alert')).not.toBeInTheDocument()
    expect(email.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says to ask an admin, with no form, when the marketplace cannot send mail', async () => {
    mockApi(signedIn({ mail: false }))
    await openProfile()
    const email = section('Email')
    expect(
      await email.findByText('Email changes need mail, which this marketplace has not set up. Ask an admin.'),
    ).toBeInTheDocument()
    expect(email.getByText(buyer.email)).toBeInTheDocument()
    expect(email.queryByLabelText('New email')).not.toBeInTheDocument()
  })
})

describe('Profile: Active sessions', () => {
  it('lists the sessions, this device first, and signs out another one', async () => {
    let sessions = [thisOne, phone, laptop]
    const fetch = mockApi({
      ...signedIn(),
      'GET /api/auth/sessions': () => json(list(sessions)),
      'DELETE /api/auth/sessions/:id': ({ params }) => {
        sessions = sessions.filter((s) => s.id !== params.id)
        return json(null, 204)
      },
    })
    const { user } = await openProfile()
    const region = section('Active sessions')
    const rows = within(await region.findByRole('list', { name: 'Sessions' })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Firefox on LinuxThis deviceSigned in Nov 20, 2026 · Active now$/),
      expect.stringMatching(/^Chrome on AndroidSigned in Nov 1, 2026 · Last seen 5 minutes ago/),
      expect.stringMatching(/^Safari on macOSSigned in Sep 1, 2026 · Last seen on Oct 2, 2026/),
    ])
    expect(region.queryByRole('button', { name: 'Sign out Firefox on Linux' })).not.toBeInTheDocument()

    await user.click(region.getByRole('button', { name: 'Sign out Chrome on Android' }))
    expect(await screen.findByText('Signed out that device')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/sessions/bb02', expect.objectContaining({ method: 'DELETE' }))
    await waitFor(() => expect(region.queryByText('Chrome on Android')).not.toBeInTheDocument())
    expect(region.getByText('Safari on macOS')).toBeInTheDocument()
  })

  it('shows more on request while the server holds more', async () => {
    const fetch = mockApi({
      ...signedIn(),
      'GET /api/auth/sessions': ({ url }) =>
        url.searchParams.get('offset') === '0' ? json(list([thisOne, phone], 3)) : json(list([laptop], 3)),
    })
    const { user } = await openProfile()
    const region = section('Active sessions')
    await region.findByText('Chrome on Android')
    await user.click(region.getByRole('button', { name: 'Show more' }))
    expect(await region.findByText('Safari on macOS')).toBeInTheDocument()
    expect(region.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/sessions?limit=24&offset=2', expect.anything())
  })

  it('says why a session could not be signed out', async () => {
    mockApi({
      ...signedIn({ sessions: [thisOne, phone] }),
      'DELETE /api/auth/sessions/:id': () => apiError(404, 'No such session'),
    })
    const { user } = await openProfile()
    await user.click(await section('Active sessions').findByRole('button', { name: 'Sign out Chrome on Android' }))
    expect(await screen.findByText('No such session')).toBeInTheDocument()
  })

  it('lists the sessions again after signing out everywhere else', async () => {
    let sessions = [thisOne, phone, laptop]
    mockApi({
      ...signedIn(),
      'GET /api/auth/sessions': () => json(list(sessions)),
      'DELETE /api/auth/sessions': () => {
        sessions = [thisOne]
        return json(null, 204)
      },
    })
    const { user } = await openProfile()
    const region = section('Active sessions')
    await region.findByText('Safari on macOS')
    await user.click(region.getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('Signed out everywhere else')).toBeInTheDocument()
    await waitFor(() => expect(region.queryByText('Safari on macOS')).not.toBeInTheDocument())
    expect(region.getByText('Firefox on Linux')).toBeInTheDocument()
  })
  it('lists the sessions again after a password change ends the others', async () => {
    let sessions = [thisOne, phone]
    mockApi({
      ...signedIn(),
      'GET /api/auth/sessions': () => json(list(sessions)),
      'POST /api/auth/password': () => {
        sessions = [thisOne]
        return json(buyer)
      },
    })
    const { user } = await openProfile()
    const region = section('Active sessions')
    await region.findByText('Chrome on Android')
    const form = section('Change password')
    await user.type(form.getByLabelText('Current password'), 'old secret')
    await user.type(form.getByLabelText('New password'), 'a new secret')
    await user.type(form.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(form.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(region.queryByText('Chrome on Android')).not.toBeInTheDocument())
  })
})

describe('Profile: Your data', () => {
  it('downloads everything held about the person from the export', async () => {
    mockApi(signedIn())
    await openProfile()
    const link = section('Your data').getByRole('link', { name: 'Download my data' })
    expect(link).toHaveAttribute('href', '/api/auth/me/export')
    expect(link).toHaveAttribute('download')
  })
})

describe('Profile: Leave Rehome', () => {
  async function openDialog() {
    const rendered = await openProfile()
    await rendered.user.click(section('Leave Rehome').getByRole('button', { name: 'Delete my account' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }))
    return { ...rendered, dialog }
  }

  it('deletes the account with the password, forgets the session and goes home', async () => {
    const fetch = mockApi({ ...signedIn(), 'DELETE /api/auth/me': () => json(null, 204) })
    const { user, dialog, queryClient, router } = await openDialog()
    await user.type(dialog.getByLabelText('Password'), 'my secret')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))

    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(queryClient.getQueryData(authKeys.me())).toBeNull()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ password: 'my secret' }) }),
    )
  })

  it('puts a wrong password under its input, and shows why the last admin cannot leave', async () => {
    let attempts = 0
    mockApi({
      ...signedIn(),
      'DELETE /api/auth/me': () =>
        ++attempts === 1
          ? apiError(422, invalid, { password: 'This is not your current password' })
          : apiError(409, 'The last admin cannot be deleted'),
    })
    const { user, dialog } = await openDialog()
    const password = dialog.getByLabelText('Password')
    await user.type(password, 'wrong')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    await waitFor(() => expect(password).toHaveAccessibleDescription(/This is not your current password/))

    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    expect(await dialog.findByRole('alert')).toHaveTextContent('The last admin cannot be deleted')
    expect(screen.queryByText('home page')).not.toBeInTheDocument()

    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
