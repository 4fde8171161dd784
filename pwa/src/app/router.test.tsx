import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { admin, buyer, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('routes', () => {
  it.each([
    ['/dashboard/dashboard/myproducts/sam@example.com', '/dashboard/myproducts/sam@example.com', 'My Products'],
    ['/dashboard/dashboard/payment/7', '/dashboard/payment/7', 'Payment'],
    ['/dashboard/dashboard', '/dashboard', 'Welcome to dashboard'],
  ])('redirects %s to %s', async (from, to, heading) => {
    mockApi({ 'GET /api/auth/me': () => json(seller) })
    const { router } = await renderApp(from)
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(to)
  })

  it('keeps the query and hash when removing the doubled prefix', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const { router } = await renderApp('/dashboard/dashboard/payment/7?step=2#card')
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument()
    expect(router.state.location).toMatchObject({ pathname: '/dashboard/payment/7', search: '?step=2', hash: '#card' })
  })

  it('sends a signed-out visitor from a doubled-prefix link to /login, remembering the real page', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    const { router } = await renderApp('/dashboard/dashboard/myproducts/sam@example.com')
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/myproducts/sam@example.com' } })
  })

  it('signs in from a guarded page and comes back to it', async () => {
    mockApi({
      'GET /api/auth/me': () => apiError(401, 'Sign in first'),
      'POST /api/auth/login': () => json(admin),
    })
    const { user, router } = await renderApp('/dashboard/allusers')
    await user.type(await screen.findByLabelText('Email'), admin.email)
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/allusers')
  })

  it.each([
    ['/', 'Rehome'],
    ['/home', 'Rehome'],
    ['/categories', 'Categories'],
    ['/blogs', 'Blogs'],
    ['/register', 'Register'],
    ['/forgot-password', 'Forgot your password?'],
    ['/confirm-email?token=abc', 'Confirm your email address'],
  ])('shows %s to anyone', async (path, heading) => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    await renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
  })

  it.each(['/categories/Tables', '/products/4', '/dashboard', '/dashboard/myorders'])(
    'asks a visitor to sign in for %s',
    async (path) => {
      mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
      const { router } = await renderApp(path)
      expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/login')
    },
  )

  it('shows a category page to a signed-in user', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    await renderApp('/categories/Dining%20tables')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dining tables' })).toBeInTheDocument()
  })

  it('shows the 404 page for unknown paths', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    await renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeInTheDocument()
    expect(screen.getByText('You are lost in the forest')).toBeInTheDocument()
    expect(screen.getByText('Looks like you have come to the forest in search of furniture')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/')
  })

  it('shows the 404 page for unknown dashboard paths', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    await renderApp('/dashboard/no-such-screen')
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeInTheDocument()
  })
})
