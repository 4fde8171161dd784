import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { buyer, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { RegisterRoute } from './register'

const routes = [
  { path: '/register', element: <RegisterRoute /> },
  { path: '/', element: <p>home page</p> },
]

function picture() {
  return new File(['not really a png'], 'me.png', { type: 'image/png' })
}

describe('Register', () => {
  it('says which fields are required, under each one; the picture is not', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/register')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    for (const label of ['Name', 'Email address', 'Password']) {
      const input = screen.getByLabelText(label)
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription(expect.stringContaining('This field is required'))
    }
    expect(screen.getAllByText('This field is required')).toHaveLength(3)
    expect(screen.getByLabelText('Image (optional)')).not.toHaveAttribute('aria-invalid')
    // Only the question of which sign-in buttons to show went out.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/providers'])
  })

  it.each([
    ['a short password', 'sam@example.com', 'seven77', 'Password', 'Use at least 8 characters'],
    ['an email without a domain', 'sam@example', 'long enough', 'Email address', 'Enter a valid email address'],
    ['an email without an @', 'sam.example.com', 'long enough', 'Email address', 'Enter a valid email address'],
  ])('refuses %s in the browser, sending nothing', async (_, email, password, label, message) => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Sam Seller')
    await user.type(screen.getByLabelText('Email address'), email)
    await user.type(screen.getByLabelText('Password'), password)
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message))
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/providers'])
  })

  it('counts characters, not bytes, for the shortest password', async () => {
    let sent: FormData | undefined
    mockApi({
      'POST /api/auth/register': ({ body }) => {
        sent = body as FormData
        return json(buyer, 201)
      },
    })
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Bea')
    await user.type(screen.getByLabelText('Email address'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'ééééééé')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), 'é')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(sent?.get('password')).toBe('éééééééé')
  })

  it("asks 'I mainly want to' Buy or Sell, each with a line saying what it means", () => {
    mockApi({})
    renderRoutes(routes, '/register')
    const group = screen.getByRole('group', { name: 'I mainly want to' })
    const buy = within(group).getByRole('radio', { name: 'Buy' })
    const sell = within(group).getByRole('radio', { name: 'Sell' })
    expect(buy).toBeChecked()
    expect(buy).toHaveAttribute('value', 'Buyer')
    expect(buy).toHaveAccessibleDescription('Browse and book second-hand goods; you can start selling any time')
    expect(sell).not.toBeChecked()
    expect(sell).toHaveAttribute('value', 'Seller')
    expect(sell).toHaveAccessibleDescription('List things you no longer need, and buy too')
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument()
  })

  it('creates the account as multipart, says so and goes home', async () => {
    let sent: FormData | undefined
    mockApi({
      'POST /api/auth/register': ({ body }) => {
        sent = body as FormData
        return json(seller, 201)
      },
    })
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Sam Seller')
    await user.upload(screen.getByLabelText('Image (optional)'), picture())
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email address'), 'sam@example.com')
    await user.click(screen.getByRole('radio', { name: 'Sell' }))
    await user.type(screen.getByLabelText('Password'), 'long enough')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('User created successfully')).toBeInTheDocument()
    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(sent).toBeInstanceOf(FormData)
    expect(sent?.get('name')).toBe('Sam Seller')
    expect(sent?.get('email')).toBe('sam@example.com')
    expect(sent?.get('password')).toBe('long enough')
    expect(sent?.get('role')).toBe('Seller')
    expect((sent?.get('image') as File).name).toBe('me.png')
  })

  it('registers without a picture, showing the initials meanwhile', async () => {
    let sent: FormData | undefined
    mockApi({
      'POST /api/auth/register': ({ body }) => {
        sent = body as FormData
        return json({ ...buyer, image: '' }, 201)
      },
    })
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Bea Buyer')
    const initials = screen.getByRole('img', { name: 'Your initials, shown while there is no picture' })
    expect(initials).toHaveTextContent('BB')
    await user.type(screen.getByLabelText('Email address'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'long enough')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(sent?.has('image')).toBe(false)
    expect(sent?.get('role')).toBe('Buyer')
  })

  it("shows each of the server's field errors once, under its field", async () => {
    mockApi({
      'POST /api/auth/register': () =>
        apiError(422, 'Some fields are not right', {
          email: 'This email is already registered',
          image: 'The picture could not be read',
        }),
    })
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Bea')
    await user.upload(screen.getByLabelText('Image (optional)'), picture())
    await user.type(screen.getByLabelText('Email address'), buyer.email)
    await user.type(screen.getByLabelText('Password'), 'long enough')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('This email is already registered')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      expect.stringContaining('This email is already registered'),
    )
    expect(screen.getByLabelText('Email address')).toHaveFocus()
    expect(screen.getByLabelText('Image (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('The picture could not be read'),
    )
    expect(screen.getAllByText(/This email is already registered/)).toHaveLength(1)
    expect(screen.getAllByText(/The picture could not be read/)).toHaveLength(1)
    // Not again above or under the form, nor in a toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText('Some fields are not right')).not.toBeInTheDocument()
    expect(screen.queryByText('home page')).not.toBeInTheDocument()
  })

  it('shows a message that names no field under the form', async () => {
    mockApi({ 'POST /api/auth/register': () => apiError(429, 'Too many sign-ups from your network. Try again later.') })
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Bea')
    await user.type(screen.getByLabelText('Email address'), buyer.email)
    await user.type(screen.getByLabelText('Password'), 'long enough')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-ups from your network. Try again later.')
    expect(screen.getAllByText('Too many sign-ups from your network. Try again later.')).toHaveLength(1)
  })

  it("offers 'Register with google' when the server does", async () => {
    mockApi({ 'GET /api/auth/providers': () => json({ google: true, mail: false }) })
    renderRoutes(routes, '/register')
    expect(await screen.findByRole('link', { name: 'Register with google' })).toHaveAttribute('href', '/api/auth/google?next=%2F')
  })
})

describe('Register in German', () => {
  it('shows the form, its roles and its checks in German', async () => {
    mockApi({})
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/register')
    expect(screen.getByRole('heading', { name: 'Registrieren' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Ich möchte vor allem' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Kaufen' })).toBeChecked()
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'sam@example')
    await user.type(screen.getByLabelText('Passwort'), 'seven77')
    await user.click(screen.getByRole('button', { name: 'Registrieren' }))
    expect(await screen.findByText('Gib eine gültige E-Mail-Adresse ein')).toBeInTheDocument()
    expect(screen.getByText('Verwende mindestens 8 Zeichen')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Dieses Feld ist erforderlich')
    for (const text of ['Register', 'I mainly want to', 'Buy', 'This field is required']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })
})
