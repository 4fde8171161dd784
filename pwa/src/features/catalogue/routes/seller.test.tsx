import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDate } from '@/lib/format'
import { reportUnreachable } from '@/lib/connectivity'
import { authKeys } from '@/lib/query-keys'
import type { NoShowRecord, Rating, Review, User } from '@/testing/fixtures'
import { admin, buyer, list, makeProducts, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
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

interface Viewer {
  /** Who looks: null for a visitor (the buyer by default). */
  me?: User | null
  noShows?: number
  noShowList?: NoShowRecord[]
  /** false: the page of a buyer, who never sold. */
  sells?: boolean
  handlers?: MockRoutes
}

function serve(
  rating: Rating,
  reviews: Review[],
  { me = buyer, noShows = 0, noShowList = [], sells = true, handlers = {} }: Viewer = {},
) {
  return mockApi({
    'GET /api/auth/me': () => (me ? json(me) : apiError(401, 'Log in first')),
    'GET /api/users/:id/profile': () =>
      json({
        id: 2,
        name: 'Sam Seller',
        image: '',
        verified: false,
        member_since: '2026-01-05T10:00:00Z',
        sells,
        listings: sells ? 2 : 0,
        sold: sells ? 12 : 0,
        rating,
        no_shows: noShows,
        no_show_list: noShowList,
      }),
    'GET /api/products': () => json(list(makeProducts(2))),
    'GET /api/users/:id/reviews': ({ url }) => {
      const offset = Number(url.searchParams.get('offset'))
      const limit = Number(url.searchParams.get('limit'))
      return json(list(reviews.slice(offset, offset + limit), reviews.length))
    },
    ...handlers,
  })
}

function sentReports(fetch: ReturnType<typeof mockApi>) {
  return fetch.mock.calls
    .filter(([url, init]) => url === '/api/reported' && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)),
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }))
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
    expect(within(first!).getByText(formatDate('2026-11-20T09:00:00Z'))).toHaveAttribute('datetime', '2026-11-20T09:00:00Z')
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

describe("A person's page: no-shows", () => {
  it('says how many agreed pickups they missed in the last 12 months', async () => {
    serve({ average: 0, count: 0 }, [], { noShows: 2 })
    renderRoutes(routes, '/sellers/2')
    const card = (await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).closest('section')!
    expect(card).toHaveTextContent('2 no-shows in the last 12 months')
  })

  it('says one in the singular, and nothing with none', async () => {
    serve({ average: 0, count: 0 }, [], { noShows: 1 })
    renderRoutes(routes, '/sellers/2')
    const card = (await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).closest('section')!
    expect(card).toHaveTextContent('1 no-show in the last 12 months')
  })

  it('lists each no-show with the answer of the person it counts against', async () => {
    serve({ average: 0, count: 0 }, [], {
      noShows: 2,
      noShowList: [
        { booking_id: 9, at: '2026-11-20T09:00:00Z', answer: 'The bus broke down' },
        { booking_id: 8, at: '2026-10-02T09:00:00Z', answer: '' },
      ],
    })
    renderRoutes(routes, '/sellers/2')
    const noShows = await screen.findByRole('list', { name: 'No-shows' })
    const [answered, silent] = within(noShows).getAllByRole('listitem')
    expect(answered).toHaveTextContent(`No-show on ${formatDate('2026-11-20T09:00:00Z')}`)
    expect(answered).toHaveTextContent('Their answer: The bus broke down')
    expect(silent).not.toHaveTextContent('Their answer')
    expect(screen.queryByRole('button', { name: /^Remove the no-show/ })).not.toBeInTheDocument()
  })

  it('lets an admin remove a no-show, with a reason', async () => {
    let removed: unknown
    const fetch = serve({ average: 0, count: 0 }, [], {
      me: admin,
      noShows: 1,
      noShowList: [{ booking_id: 9, at: '2026-11-20T09:00:00Z', answer: '' }],
      handlers: {
        'DELETE /api/no-shows/:booking_id': ({ body }) => {
          removed = body
          return json(null, 204)
        },
      },
    })
    const { user } = renderRoutes(routes, '/sellers/2')
    await user.click(await screen.findByRole('button', { name: `Remove the no-show on ${formatDate('2026-11-20T09:00:00Z')}` }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this no-show?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove no-show' }))
    expect(await within(dialog).findByText('Write something first')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/no-shows/9', expect.anything())
    await user.type(within(dialog).getByLabelText('Reason'), 'The seller was at another station')
    await user.click(within(dialog).getByRole('button', { name: 'Remove no-show' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(removed).toEqual({ reason: 'The seller was at another station' })
  })

  it('shows nothing of no-shows when there are none', async () => {
    serve({ average: 0, count: 0 }, [])
    renderRoutes(routes, '/sellers/2')
    const card = (await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).closest('section')!
    expect(card).not.toHaveTextContent(/no-show/)
  })
})

describe("A person's page: reporting", () => {
  it('reports the person after asking, with the optional reason, then says Reported', async () => {
    const fetch = serve({ average: 0, count: 0 }, [], { handlers: { 'POST /api/reported': () => json({ user_id: 2 }, 201) } })
    const { user } = renderRoutes(routes, '/sellers/2')
    await user.click(await screen.findByRole('button', { name: 'Report this person' }))
    const dialog = screen.getByRole('dialog', { name: 'Report Sam Seller?' })
    expect(dialog).toHaveTextContent('An admin will look into what Sam Seller does here')
    expect(sentReports(fetch)).toEqual([])
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Asked me to pay before the pickup ')
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('Reported successfully')).toBeInTheDocument()
    const [sent] = sentReports(fetch)
    expect(sent?.body).toEqual({ user_id: 2, reason: 'Asked me to pay before the pickup' })
    expect(sent?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.queryByRole('dialog', { name: 'Report Sam Seller?' })).not.toBeInTheDocument()
    const reported = screen.getByRole('button', { name: 'Reported' })
    expect(reported).toHaveAttribute('aria-disabled', 'true')
    await user.click(reported)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('cancels without sending', async () => {
    const fetch = serve({ average: 0, count: 0 }, [])
    const { user } = renderRoutes(routes, '/sellers/2')
    await user.click(await screen.findByRole('button', { name: 'Report this person' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Report Sam Seller?' })).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Report Sam Seller?' })).not.toBeInTheDocument()
    expect(sentReports(fetch)).toEqual([])
  })

  it("says so in a toast, in the server's words, when already reported", async () => {
    serve({ average: 0, count: 0 }, [], {
      handlers: { 'POST /api/reported': () => apiError(409, 'You have already reported this person') },
    })
    const { user } = renderRoutes(routes, '/sellers/2')
    await user.click(await screen.findByRole('button', { name: 'Report this person' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('You have already reported this person')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reported' })).toBeInTheDocument()
  })

  it('shows another failure in the dialog', async () => {
    serve({ average: 0, count: 0 }, [], { handlers: { 'POST /api/reported': () => apiError(500, 'Internal error') } })
    const { user } = renderRoutes(routes, '/sellers/2')
    await user.click(await screen.findByRole('button', { name: 'Report this person' }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal error')
    expect(screen.queryByText('Reported successfully')).not.toBeInTheDocument()
  })

  it('queues the report offline', async () => {
    serve({ average: 0, count: 0 }, [])
    const { user, offline } = renderRoutes(routes, '/sellers/2')
    await user.click(await screen.findByRole('button', { name: 'Report this person' }))
    act(() => reportUnreachable())
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('Saved — it will be sent when you are back online')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Report queued' })).toHaveAttribute('aria-disabled', 'true')
    const waiting = await offline.outbox.waiting(buyer.id, '/reported')
    expect(waiting.map((e) => [e.body, e.label, e.sentMessage, e.change])).toEqual([
      [{ user_id: 2, reason: '' }, 'Sam Seller', 'Reported successfully', { kind: 'person.reported' }],
    ])
  })

  it('is not offered to visitors, nor to the person themselves', async () => {
    serve({ average: 4, count: 1 }, [makeReview(1)], { me: null })
    const first = renderRoutes(routes, '/sellers/2')
    await screen.findByRole('region', { name: 'Reviews of Sam Seller' })
    await waitFor(() => expect(first.queryClient.getQueryState(authKeys.me())?.status).toBe('success'))
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument()
    first.unmount()

    serve({ average: 4, count: 1 }, [makeReview(1)], { me: seller })
    const { queryClient } = renderRoutes(routes, '/sellers/2')
    const reviews = await screen.findByRole('region', { name: 'Reviews of Sam Seller' })
    await waitFor(() => expect(queryClient.getQueryState(authKeys.me())?.status).toBe('success'))
    expect(screen.queryByRole('button', { name: 'Report this person' })).not.toBeInTheDocument()
    // The person reviewed may report a review of them.
    expect(within(reviews).getByRole('button', { name: 'Report: the review by Buyer 1' })).toBeInTheDocument()
  })

  it('reports a review, offered on each but the viewer’s own', async () => {
    const fetch = serve({ average: 4.5, count: 2 }, [makeReview(1), makeReview(2, { author_id: buyer.id, author: buyer.name })], {
      handlers: { 'POST /api/reported': () => json({ review_id: 1 }, 201) },
    })
    const { user } = renderRoutes(routes, '/sellers/2')
    const reviews = await screen.findByRole('region', { name: 'Reviews of Sam Seller' })
    const [theirs, mine] = await within(reviews).findAllByRole('article')
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument()
    await user.click(within(theirs!).getByRole('button', { name: 'Report: the review by Buyer 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Report this review?' })
    expect(dialog).toHaveTextContent('An admin will read Buyer 1’s review and hide it if it breaks the rules.')
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('Reported successfully')).toBeInTheDocument()
    expect(sentReports(fetch).map((r) => r.body)).toEqual([{ review_id: 1, reason: '' }])
    expect(within(theirs!).getByRole('button', { name: 'Reported: the review by Buyer 1' })).toBeInTheDocument()
  })
})

describe("A buyer's page", () => {
  it('shows their rating, the reviews sellers wrote and their no-shows with answers, and no listings', async () => {
    serve(
      { average: 4, count: 1 },
      [makeReview(1, { author: 'Sol Seller', role: 'seller', product: 'Lamp', text: 'Came on time' })],
      {
        me: seller,
        sells: false,
        noShows: 1,
        noShowList: [{ booking_id: 9, at: '2026-11-20T09:00:00Z', answer: 'My bike broke' }],
      },
    )
    renderRoutes(routes, '/sellers/2')
    const card = (await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).closest('section')!
    expect(card).toHaveTextContent('BuyerOnly the sellers they booked with see this page')
    expect(card).toHaveTextContent(/Rated 4\.0 out of 5, · 1 review/)
    expect(card).toHaveTextContent('1 no-show in the last 12 months')
    expect(within(within(card).getByRole('list', { name: 'No-shows' })).getByRole('listitem')).toHaveTextContent(
      'Their answer: My bike broke',
    )
    expect(card).not.toHaveTextContent('For sale')
    expect(card).not.toHaveTextContent('Sold')
    const reviews = await screen.findByRole('region', { name: 'Reviews of Sam Seller' })
    expect(reviews).toHaveTextContent('Sol SellerSellersold Lamp')
    expect(screen.queryByRole('heading', { name: /^For sale by/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Nothing for sale right now')).not.toBeInTheDocument()
  })

  it("says nothing of buyers on a seller's page", async () => {
    serve({ average: 0, count: 0 }, [])
    renderRoutes(routes, '/sellers/2')
    expect(await screen.findByRole('heading', { name: 'For sale by Sam Seller' })).toBeInTheDocument()
    expect(screen.queryByText('Only the sellers they booked with see this page')).not.toBeInTheDocument()
  })
})
