import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authKeys } from '@/lib/query-keys'
import { buyer, list, picture, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProfileRoute } from './profile'

const routes = [{ path: '/dashboard/profile', element: <ProfileRoute /> }]
const path = '/dashboard/profile'
const invalid = 'Some fields are not right'
/** The signed-in buyer, with no other sessions and no mail. */
const signedIn = {
  'GET /api/auth/me': () => json(buyer),
  'GET /api/auth/providers': () => json({ google: false, mail: false }),
  'GET /api/auth/sessions': () => json(list([])),
  'GET /api/push/preferences': () =>
    json({ message: true, reply: true, booking: true, declined: true, payment: true, reminder: true }),
  'GET /api/blocks': () => json(list([])),
}

function section(name: string) {
  return within(screen.getByRole('region', { name }))
}

async function openProfile() {
  const rendered = renderRoutes(routes, path)
  expect(await screen.findByLabelText('Name')).toHaveValue(buyer.name)
  return rendered
}

describe('Profile', () => {
  it("shows the person's details, the email read-only, and their picture", async () => {
    mockApi(signedIn)
    await openProfile()
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument()
    const details = section('Your details')
    expect(details.getByLabelText('Email address')).toHaveValue(buyer.email)
    expect(details.getByLabelText('Email address')).toHaveAttribute('readonly')
    expect(details.getByLabelText('Phone (optional)')).toHaveValue(buyer.phone)
    expect(details.getByLabelText('Location (optional)')).toHaveValue(buyer.location)
    expect(details.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', buyer.image)
  })

  it('shows the initials of a person without a picture', async () => {
    mockApi({ ...signedIn, 'GET /api/auth/me': () => json({ ...buyer, image: '' }) })
    await openProfile()
    expect(screen.getByRole('img', { name: 'Your initials, shown while there is no picture' })).toHaveTextContent('BB')
  })

  it('saves the details without a picture and updates the signed-in user', async () => {
    const saved = { ...buyer, name: 'Bea Newname', location: 'Capital City' }
    const fetch = mockApi({
      ...signedIn,
      'PATCH /api/auth/me': () => json(saved),
    })
    const { user, queryClient } = await openProfile()
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), ' Bea Newname ')
    await user.clear(screen.getByLabelText('Location (optional)'))
    await user.type(screen.getByLabelText('Location (optional)'), 'Capital City')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Your details are saved')).toBeInTheDocument()
    expect(queryClient.getQueryData(authKeys.me())).toEqual(saved)
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({ name: 'Bea Newname', phone: buyer.phone, location: 'Capital City', show_phone: false }),
      }),
    )
    expect(fetch).not.toHaveBeenCalledWith('/api/images', expect.anything())
  })

  it('offers a seller "Show my phone on my listings", unticked by default, and saves the choice', async () => {
    const fetch = mockApi({
      ...signedIn,
      'GET /api/auth/me': () => json(seller),
      'PATCH /api/auth/me': () => json({ ...seller, show_phone: true }),
    })
    const { user, queryClient } = renderRoutes(routes, path)
    expect(await screen.findByLabelText('Name')).toHaveValue(seller.name)
    const showPhone = section('Your details').getByRole('checkbox', { name: 'Show my phone on my listings' })
    expect(showPhone).not.toBeChecked()
    expect(showPhone).toHaveAccessibleDescription(/Otherwise only buyers who book one see it/)
    await user.click(showPhone)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Your details are saved')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({ name: seller.name, phone: seller.phone, location: seller.location, show_phone: true }),
      }),
    )
    expect(queryClient.getQueryData(authKeys.me())).toMatchObject({ show_phone: true })
    expect(showPhone).toBeChecked()
  })

  it('offers a buyer, who lists nothing, no such choice', async () => {
    mockApi(signedIn)
    await openProfile()
    expect(screen.queryByRole('checkbox', { name: 'Show my phone on my listings' })).not.toBeInTheDocument()
  })

  it('uploads a new picture first and saves its url', async () => {
    let uploaded: unknown
    const fetch = mockApi({
      ...signedIn,
      'POST /api/images': ({ body }) => {
        uploaded = (body as FormData).get('image')
        return json({ url: '/images/new.webp', thumb_url: '/images/new-thumb.webp', width: 800, height: 600 }, 201)
      },
      'PATCH /api/auth/me': () => json({ ...buyer, image: '/images/new.webp' }),
    })
    const { user, queryClient } = await openProfile()
    await user.upload(screen.getByLabelText('Picture (optional)'), picture('me.png'))
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Your details are saved')).toBeInTheDocument()
    expect((uploaded as File).name).toBe('me.png')
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({
          name: buyer.name,
          phone: buyer.phone,
          location: buyer.location,
          show_phone: false,
          image: '/images/new.webp',
        }),
      }),
    )
    expect(queryClient.getQueryData(authKeys.me())).toMatchObject({ image: '/images/new.webp' })
  })

  it("asks for a name, and puts the server's messages under their inputs", async () => {
    const fetch = mockApi({
      ...signedIn,
      'PATCH /api/auth/me': () => apiError(422, invalid, { phone: 'Enter a phone number of at most 30 characters' }),
    })
    const { user } = await openProfile()
    await user.clear(screen.getByLabelText('Name'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ method: 'PATCH' }))

    await user.type(screen.getByLabelText('Name'), 'Bea')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const phone = screen.getByLabelText('Phone (optional)')
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a phone number of at most 30 characters'))
    expect(phone).toHaveFocus()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText('Your details are saved')).not.toBeInTheDocument()
  })

  it('checks the new password as Register does, and twice, before sending it', async () => {
    const fetch = mockApi(signedIn)
    const { user } = await openProfile()
    const form = section('Change password')
    const current = form.getByLabelText('Current password')
    const next = form.getByLabelText('New password')
    const confirm = form.getByLabelText('Confirm new password')
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(next).toHaveAttribute('autocomplete', 'new-password')
    expect(confirm).toHaveAttribute('autocomplete', 'new-password')

    await user.click(form.getByRole('button', { name: 'Change password' }))
    expect(current).toHaveAccessibleDescription('This field is required')
    await user.type(current, 'old secret')
    await user.type(next, 'short')
    await user.type(confirm, 'shorter')
    await user.click(form.getByRole('button', { name: 'Change password' }))
    expect(next).toHaveAccessibleDescription(/Use at least 8 characters/)
    expect(confirm).toHaveAccessibleDescription('The passwords do not match')
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/password', expect.anything())
  })

  it('changes the password, says the other sessions ended, and empties the form', async () => {
    const fetch = mockApi({
      ...signedIn,
      'POST /api/auth/password': () => json(buyer),
    })
    const { user } = await openProfile()
    const form = section('Change password')
    await user.type(form.getByLabelText('Current password'), 'old secret')
    await user.type(form.getByLabelText('New password'), 'a new secret')
    await user.type(form.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(form.getByRole('button', { name: 'Change password' }))

    expect(await screen.findByText('Your password is changed. You are signed out everywhere else.')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ current_password: 'old secret', new_password: 'a new secret' }),
      }),
    )
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(form.getByLabelText(label)).toHaveValue('')
    }
  })

  it('puts a wrong current password under its input, and says when there were too many tries', async () => {
    let attempts = 0
    mockApi({
      ...signedIn,
      'POST /api/auth/password': () =>
        ++attempts === 1
          ? apiError(422, invalid, { current_password: 'This is not your current password' })
          : apiError(429, 'Too many attempts. Try again later.'),
    })
    const { user } = await openProfile()
    const form = section('Change password')
    const current = form.getByLabelText('Current password')
    await user.type(current, 'wrong secret')
    await user.type(form.getByLabelText('New password'), 'a new secret')
    await user.type(form.getByLabelText('Confirm new password'), 'a new secret')
    await user.click(form.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(current).toHaveAccessibleDescription('This is not your current password'))
    expect(form.queryByRole('alert')).not.toBeInTheDocument()

    await user.click(form.getByRole('button', { name: 'Change password' }))
    expect(await form.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.')
    expect(current).toHaveValue('wrong secret')
  })

  it('signs out everywhere else', async () => {
    const fetch = mockApi({
      ...signedIn,
      'DELETE /api/auth/sessions': () => json(null, 204),
    })
    const { user, queryClient } = await openProfile()
    await user.click(section('Active sessions').getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('Signed out everywhere else')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/sessions', expect.objectContaining({ method: 'DELETE' }))
    expect(queryClient.getQueryData(authKeys.me())).toEqual(buyer)
  })
})

describe('Profile language', () => {
  it('saves the language picked on the account and shows the screen in it at once', async () => {
    const fetch = mockApi({ ...signedIn, 'PATCH /api/auth/me': () => json({ ...buyer, language: 'de' }) })
    const { user } = await openProfile()
    const picker = section('Language').getByLabelText('Language of the app')
    expect(picker).toHaveValue('en')
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français'])

    await user.selectOptions(picker, 'Deutsch')

    expect(await screen.findByRole('heading', { name: 'Profil', level: 1 })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ language: 'de' }) }),
    )
    expect(await screen.findByText('Deine Sprache ist gespeichert')).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('lang', 'de')
    expect(screen.getByLabelText('Sprache der App')).toHaveValue('de')
    expect(screen.getByRole('region', { name: 'Deine Angaben' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument()
  })

  it('keeps the language when the server refuses it, and says why', async () => {
    mockApi({ ...signedIn, 'PATCH /api/auth/me': () => apiError(422, 'Some fields are not right') })
    const { user } = await openProfile()
    await user.selectOptions(screen.getByLabelText('Language of the app'), 'Français')
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not right')
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('lang', 'en')
  })
})
