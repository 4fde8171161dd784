import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, makeProduct, makeProducts, list, site } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

/** A marketplace whose admins made the listings public, and a visitor who is not signed in until they log in. */
function servePublic() {
  let signedIn = false
  const product = makeProduct({ id: 12, product: 'Oak table', seller: 'Sam Seller', seller_id: 2 })
  mockApi({
    'GET /api/site': () => json({ ...site, public_listings: true }),
    'GET /api/auth/me': () => (signedIn ? json(buyer) : apiError(401, 'Please log in')),
    'POST /api/auth/login': () => {
      signedIn = true
      return json(buyer)
    },
    'GET /api/products/:id': () => json(product),
    'GET /api/users/:id/profile': () =>
      json({
        id: 2,
        name: 'Sam Seller',
        image: '',
        verified: true,
        member_since: '2026-01-05T10:00:00Z',
        sells: true,
        listings: 3,
        sold: 4,
        rating: { average: 0, count: 0 },
        no_shows: 0,
        no_show_list: [],
      }),
    'GET /api/users/:id/reviews': () => json(list([])),
    'GET /api/products': () => json(list(makeProducts(3))),
  })
}

describe('a visitor of a public marketplace', () => {
  it('opens a product, and Book asks them to log in, then brings them back to it', async () => {
    servePublic()
    const { user, router } = await renderApp('/products/12')
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak table' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in to report this listing' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Log in to message' })).toHaveAttribute('href', '/login')

    await user.click(screen.getByRole('link', { name: 'Log in to book' }))
    expect(await screen.findByText('Log in to book this product')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    await user.type(screen.getByLabelText('Email'), 'bea@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products/12')
  })

  it("opens a seller's page from More from, with their card and listings", async () => {
    servePublic()
    const { user } = await renderApp('/products/12')
    await user.click(await screen.findByRole('link', { name: 'More from Sam Seller' }))
    expect(await screen.findByRole('heading', { level: 1, name: /Sam Seller/ })).toBeInTheDocument()
    expect(screen.getByText('Member since January 2026')).toBeInTheDocument()
    expect(screen.getByText('No reviews yet')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'For sale by Sam Seller' })).toBeInTheDocument()
    expect(await screen.findAllByRole('article')).toHaveLength(3)
    expect(screen.getAllByRole('link', { name: 'Log in to book' })).toHaveLength(3)
  })

  it('is sent to log in when the listings are not public', async () => {
    mockApi({
      'GET /api/site': () => json(site),
      'GET /api/auth/me': () => apiError(401, 'Please log in'),
    })
    const { router } = await renderApp('/sellers/2')
    expect(await screen.findByText('Log in to see the listings')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
