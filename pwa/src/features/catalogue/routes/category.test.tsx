import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatPrice } from '@/lib/format'
import { buyer, list, makeProduct, makeProducts, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, pending } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { CategoryRoute } from './category'

const routes = [{ path: '/categories/:name', element: <CategoryRoute /> }]

function serve(products: ReturnType<typeof makeProducts>, total = products.length) {
  return mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/categories/:name': ({ url }) => {
      const offset = Number(url.searchParams.get('offset'))
      const limit = Number(url.searchParams.get('limit'))
      return json(list(products.slice(offset, offset + limit), total))
    },
  })
}

describe('Category page', () => {
  it.each([
    [0, 'No products found'],
    [1, '1 product found'],
    [3, '3 products found'],
  ])('with %i products says %s', async (count, text) => {
    serve(makeProducts(count))
    renderRoutes(routes, '/categories/Chairs')
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Chairs' })).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toHaveLength(count)
  })

  it('counts the total from the server, not the loaded page', async () => {
    serve(makeProducts(30))
    renderRoutes(routes, '/categories/Chairs')
    expect(await screen.findByText('30 products found')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(24)
  })

  it('asks for the category by name with limit and offset', async () => {
    const fetch = serve(makeProducts(1))
    renderRoutes(routes, '/categories/Dining%20tables')
    await screen.findByText('1 product found')
    expect(fetch).toHaveBeenCalledWith('/api/categories/Dining%20tables?limit=24&offset=0', expect.anything())
  })

  it("shows a card's details: thumbnail, link, location, seller, prices, use period, posted date, condition", async () => {
    serve([makeProduct({ id: 7, product: 'Oak chair', resale_price: 45.5, original_price: 120 })])
    renderRoutes(routes, '/categories/Chairs')
    const card = await screen.findByRole('article')
    const image = within(card).getByRole('img', { name: 'Oak chair' })
    expect(image).toHaveAttribute('src', '/images/chair-7-thumb.jpg')
    // The first card's picture is in view as the page opens: fetched at once, first.
    expect(image).toHaveAttribute('fetchpriority', 'high')
    expect(image).toHaveAttribute('width')
    expect(image).toHaveAttribute('height')
    expect(within(card).getByRole('link', { name: 'Oak chair' })).toHaveAttribute('href', '/products/7')
    expect(card).toHaveTextContent('Springfield')
    expect(card).toHaveTextContent(seller.name)
    expect(card).toHaveTextContent(formatPrice(45.5))
    expect(card).toHaveTextContent(`Original price ${formatPrice(120)}`)
    expect(card).toHaveTextContent('5 years')
    expect(card).toHaveTextContent('Nov 22')
    expect(card).toHaveTextContent('Good')
    // The actions wait for the signed-in user. Report is on the product page only.
    expect(await within(card).findByRole('button', { name: 'Book Now' })).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument()
    // One link: the name's, stretched over the whole card (picture included).
    expect(within(card).getAllByRole('link')).toHaveLength(1)
  })

  it('shows skeleton cards while the products load', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer), 'GET /api/categories/:name': () => pending() })
    renderRoutes(routes, '/categories/Chairs')
    expect(await screen.findByRole('status')).toHaveTextContent('Loading products…')
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it('says Reserved — join the queue on a reserved product, still with Book Now', async () => {
    serve([makeProduct({ id: 1, status: 'Reserved' })])
    renderRoutes(routes, '/categories/Chairs')
    const card = await screen.findByRole('article')
    expect(card).toHaveTextContent('Reserved — join the queue')
    expect(await within(card).findByRole('button', { name: 'Book Now' })).toBeEnabled()
  })

  it('links to the order instead of Book Now on a product the viewer booked', async () => {
    serve([makeProduct({ id: 1, status: 'Reserved', my_booking_id: 44 })])
    renderRoutes(routes, '/categories/Chairs')
    const card = await screen.findByRole('article')
    expect(await within(card).findByText('You booked this')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/dashboard/payment/44')
    expect(within(card).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
    expect(card).not.toHaveTextContent('join the queue')
  })

  it('shows the verified tick only for verified sellers', async () => {
    serve([
      makeProduct({ id: 1, product: 'From a verified seller', seller_verified: true }),
      makeProduct({ id: 2, product: 'From someone else', seller_verified: false }),
    ])
    renderRoutes(routes, '/categories/Chairs')
    const [verified, other] = await screen.findAllByRole('article')
    expect(within(verified!).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument()
    expect(within(other!).queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument()
  })

  it('loads the next page from the next offset until all are shown', async () => {
    const fetch = serve(makeProducts(30))
    const { user } = renderRoutes(routes, '/categories/Chairs')
    expect(await screen.findAllByRole('article')).toHaveLength(24)
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Oak chair 30' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(30)
    expect(fetch).toHaveBeenCalledWith('/api/categories/Chairs?limit=24&offset=24', expect.anything())
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('shows no Load more when everything fits on one page', async () => {
    serve(makeProducts(24))
    renderRoutes(routes, '/categories/Chairs')
    expect(await screen.findAllByRole('article')).toHaveLength(24)
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('says so kindly when the category does not exist', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/categories/:name': () => apiError(404, 'Category not found'),
    })
    renderRoutes(routes, '/categories/Spaceships')
    expect(await screen.findByText('We could not find this category')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all categories' })).toHaveAttribute('href', '/categories')
  })

  it('offers a retry when loading fails', async () => {
    let calls = 0
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/categories/:name': () => (++calls === 1 ? apiError(500, 'Internal error') : json(list(makeProducts(2)))),
    })
    const { user } = renderRoutes(routes, '/categories/Chairs')
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('2 products found')).toBeInTheDocument()
  })

  it("offers no Book Now or Report on the user's own listing", async () => {
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/categories/:name': () => json(list([makeProduct({ seller_email: seller.email })])),
    })
    renderRoutes(routes, '/categories/Chairs')
    const card = await screen.findByRole('article')
    expect(await within(card).findByText('This is your listing')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument()
  })

  it('shows Sold instead of Book Now on a sold product', async () => {
    serve([makeProduct({ status: 'Sold' })])
    renderRoutes(routes, '/categories/Chairs')
    const card = await screen.findByRole('article')
    expect(await within(card).findByText('Sold')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
  })

  it("shows a renamed category's address now when asked by its former name", async () => {
    const products = makeProducts(2)
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/categories/:name': () => {
        // What fetch gives after following the server's 308 to the new name.
        const answer = json(list(products, 2))
        Object.defineProperty(answer, 'redirected', { value: true })
        Object.defineProperty(answer, 'url', { value: 'http://localhost/api/categories/St%C3%BChle?limit=24&offset=0' })
        return answer
      },
    })
    const { router } = renderRoutes(routes, '/categories/Chairs')
    await waitFor(() => expect(router.state.location.pathname).toBe('/categories/St%C3%BChle'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Stühle' })).toBeInTheDocument()
    expect(await screen.findByText('2 products found')).toBeInTheDocument()
  })
})
