import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
  it('says which fields are required, under each one', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/register')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    for (const label of ['Name', 'Image', 'Email address', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining('This field is required'),
      )
    }
    expect(screen.getAllByText('This field is required')).toHaveLength(4)
    // The image's message follows the name's.
    const [nameError, imageError] = screen.getAllByText('This field is required')
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-describedby', nameError?.id)
    expect(screen.getByLabelText('Image')).toHaveAttribute('aria-describedby', expect.stringContaining(imageError?.id ?? '-'))
    // Only the question of which sign-in buttons to show went out.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/providers'])
  })

  it('offers Buyer and Seller under Select User', () => {
    mockApi({})
    renderRoutes(routes, '/register')
    const select = screen.getByLabelText('Select User')
    expect(select).toHaveValue('Buyer')
    expect(Array.from((select as HTMLSelectElement).options, (o) => o.value)).toEqual(['Buyer', 'Seller'])
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/')
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
    await user.upload(screen.getByLabelText('Image'), picture())
    await user.type(screen.getByLabelText('Email address'), 'sam@example.com')
    await user.selectOptions(screen.getByLabelText('Select User'), 'Seller')
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

  it("shows the server's message and field errors in red under the form", async () => {
    mockApi({
      'POST /api/auth/register': () =>
        apiError(422, 'Some fields are not right', { password: 'Use at least 8 characters' }),
    })
    const { user } = renderRoutes(routes, '/register')
    await user.type(screen.getByLabelText('Name'), 'Bea')
    await user.upload(screen.getByLabelText('Image'), picture())
    await user.type(screen.getByLabelText('Email address'), buyer.email)
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Register' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Some fields are not right')
    expect(alert).toHaveTextContent('Password: Use at least 8 characters')
    expect(screen.queryByText('home page')).not.toBeInTheDocument()
  })

  it("offers 'Register with google' when the server does", async () => {
    mockApi({ 'GET /api/auth/providers': () => json({ google: true }) })
    renderRoutes(routes, '/register')
    expect(await screen.findByRole('link', { name: 'Register with google' })).toHaveAttribute('href', '/api/auth/google?next=%2F')
  })
})
