import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDate } from '@/lib/format'
import type { Rating, Review } from '@/lib/types'
import { buyer, list, makeProducts } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { SellerRoute } from './seller'

const routes = [{ path: '/sellers/:id', element: <SellerRoute /> }]

function makeReview(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    author_id: 10 + id,
    author: `Buyer ${id}`,
    role: 'buyer',
    product: `Oak chair ${id}`,
    rating: 5,
    text: `Review ${id}`,
    time: '2026-11-20T09:00:00Z',
    visible_from: '2026-11-21T09:00:00Z',
    ...overrides,
  }
}

function serve(rating: Rating, reviews: Review[]) {
  return mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/users/:id/profile': () =>
      json({
        id: 2,
        name: 'Sam Seller',
        image: '',
        verified: false,
        member_since: '2026-01-05T10:00:00Z',
        listings: 2,
        sold: 12,
        rating,
      }),
    'GET /api/products': () => json(list(makeProducts(2))),
    'GET /api/users/:id/reviews': ({ url }) => {
      const offset = Number(url.searchParams.get('offset'))
      const limit = Number(url.searchParams.get('limit'))
      return json(list(reviews.slice(offset, offset + limit), reviews.length))
    },
  })
}

describe("A seller's page", () => {
  it('shows the rating, and the reviews with who wrote them, about what and when', async () => {
    const fetch = serve({ average: 4.5, count: 2 }, [
      makeReview(1, { rating: 4, text: 'Friendly, the sofa was as described.\nWould buy again.' }),
      makeReview(2, { author: 'Sol Seller', role: 'seller', product: 'Lamp', text: '' }),
    ])
    renderRoutes(routes, '/sellers/2')
    const card = (await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).closest('section')!
    expect(card).toHaveTextContent(/Rated 4\.5 out of 5, · 2 reviews/)
    expect(within(card).getByText('4.5')).toBeVisible()

    const reviews = await screen.findByRole('region', { name: 'Reviews of Sam Seller' })
    const [first, second] = within(reviews).getAllByRole('article')
    expect(first).toHaveTextContent('Rated 4 out of 5')
    expect(first).toHaveTextContent('Buyer 1Buyerbought Oak chair 1')
    expect(first).toHaveTextContent('Would buy again.')
    expect(within(first!).getByText(formatDate('2026-11-20T09:00:00Z'))).toHaveAttribute(
      'datetime',
      '2026-11-20T09:00:00Z',
    )
    expect(second).toHaveTextContent('Sol SellerSellersold Lamp')
    expect(fetch).toHaveBeenCalledWith('/api/users/2/reviews?limit=10&offset=0', expect.anything())
  })

  it('says "No reviews yet", with no list of reviews', async () => {
    serve({ average: 0, count: 0 }, [])
    renderRoutes(routes, '/sellers/2')
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    await screen.findAllByRole('heading', { level: 3 })
    expect(screen.queryByRole('region', { name: /^Reviews of/ })).not.toBeInTheDocument()
  })

  it('loads more reviews while the server has more', async () => {
    serve(
      { average: 5, count: 13 },
      Array.from({ length: 13 }, (_, i) => makeReview(i + 1)),
    )
    const { user } = renderRoutes(routes, '/sellers/2')
    const reviews = await screen.findByRole('region', { name: 'Reviews of Sam Seller' })
    expect(await within(reviews).findAllByRole('article')).toHaveLength(10)
    expect(reviews).toHaveTextContent('Showing 10 of 13')
    await user.click(within(reviews).getByRole('button', { name: 'Load more' }))
    expect(await within(reviews).findByText('Review 13')).toBeInTheDocument()
    expect(within(reviews).getAllByRole('article')).toHaveLength(13)
  })
})
