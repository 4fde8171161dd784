import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { admin, buyer, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('Sell and Start selling', () => {
  it('takes a buyer from Sell to Start selling, and on to Add Product in one tap', async () => {
    let calls = 0
    mockApi({
      'GET /api/auth/me': () => json(calls ? { ...buyer, role: 'Seller' } : buyer),
      'POST /api/auth/me/selling': () => {
        calls++
        return json({ ...buyer, role: 'Seller', verified: false })
      },
    })
    const { user, router } = await renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'Sell' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Start selling' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/sell')
    await user.click(screen.getByRole('button', { name: 'Start selling' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/addproduct')
    expect(calls).toBe(1)
  })

  it('sends a seller straight to Add Product', async () => {
    mockApi({ 'GET /api/auth/me': () => json(seller) })
    const { user, router } = await renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'Sell' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/addproduct')
  })

  it('asks a visitor to log in first, then comes back to Start selling', async () => {
    let signedIn = false
    mockApi({
      'GET /api/auth/me': () => (signedIn ? json(buyer) : apiError(401, 'Please log in')),
      'POST /api/auth/login': () => {
        signedIn = true
        return json(buyer)
      },
    })
    const { user, router } = await renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'Sell' }))
    expect(await screen.findByText('Log in to start selling')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Start selling' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/sell')
  })

  it('tells a visitor who opens Start selling directly what they log in for', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Please log in') })
    const { router } = await renderApp('/sell')
    expect(await screen.findByText('Log in to start selling')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('tells it in the language shown, German here', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Please log in') })
    await setLanguage('de')
    await renderApp('/sell')
    expect(await screen.findByText('Melde dich an, um mit dem Verkaufen zu beginnen')).toBeInTheDocument()
  })

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/auth/me/selling': () => apiError(409, 'This account cannot sell'),
    })
    const { user } = await renderApp('/sell')
    await user.click(await screen.findByRole('button', { name: 'Start selling' }))
    expect(await screen.findByText('This account cannot sell')).toBeInTheDocument()
  })

  it('tells an admin their account does not sell', async () => {
    mockApi({ 'GET /api/auth/me': () => json(admin) })
    await renderApp('/sell')
    expect(await screen.findByText("Admins' accounts do not sell")).toBeInTheDocument()
  })
})
