import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { list, makeReport } from '@/testing/fixtures'
import { ReportedItemsRoute } from './reported-items'

const routes = [{ path: '/dashboard/reporteditems', element: <ReportedItemsRoute /> }]

describe('Reported Items', () => {
  it('says so when nothing is reported', async () => {
    mockApi({ 'GET /api/reported': () => json(list([])) })
    renderRoutes(routes, '/dashboard/reporteditems')
    expect(screen.getByRole('heading', { level: 1, name: 'Reported Items' })).toBeInTheDocument()
    expect(await screen.findByText('No reported items found')).toBeInTheDocument()
  })

  it('lists image, name, price, reports and reason', async () => {
    mockApi({
      'GET /api/reported': () =>
        json(list([makeReport({ id: 3, product: 'Oak chair', resale_price: 45.5, reports: 4, reason: 'Broken leg' })])),
    })
    renderRoutes(routes, '/dashboard/reporteditems')
    const table = await screen.findByRole('table', { name: 'Reported items' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Reports', 'Reason', 'Actions'])
    expect(within(table).getByRole('img', { name: 'Oak chair' })).toHaveAttribute('src', '/images/chair-3-thumb.jpg')
    expect(within(table).getByRole('link', { name: 'Oak chair' })).toHaveAttribute('href', '/products/103')
    expect(table).toHaveTextContent('$45.50')
    expect(table).toHaveTextContent('4')
    expect(table).toHaveTextContent('Broken leg')
  })

  it("dismisses a report after confirming and says 'Report dismissed'", async () => {
    let reports = [makeReport({ id: 3, product: 'Oak chair' })]
    const fetch = mockApi({
      'GET /api/reported': () => json(list(reports)),
      'DELETE /api/reported/:id': () => {
        reports = []
        return json(null, 204)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/reporteditems')
    await user.click(await screen.findByRole('button', { name: 'Dismiss the report on Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' })
    expect(fetch).not.toHaveBeenCalledWith('/api/reported/3', expect.anything())
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect(await screen.findByText('Report dismissed')).toBeInTheDocument()
    expect(screen.queryByText('User deleted successfully')).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/reported/3', expect.objectContaining({ method: 'DELETE' }))
    expect(await screen.findByText('No reported items found')).toBeInTheDocument()
  })

  it('removes the listing itself after confirming', async () => {
    const fetch = mockApi({
      'GET /api/reported': () => json(list([makeReport({ id: 3, product_id: 42, product: 'Oak chair' })])),
      'DELETE /api/products/:id': () => json(null, 204),
    })
    const { user } = renderRoutes(routes, '/dashboard/reporteditems')
    await user.click(await screen.findByRole('button', { name: 'Remove listing Oak chair' }))
    expect(fetch).not.toHaveBeenCalledWith('/api/products/42', expect.anything())
    const dialog = screen.getByRole('dialog', { name: 'Remove this listing?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove listing' }))
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/products/42', expect.objectContaining({ method: 'DELETE' }))
  })

  it('counts the reported items and searches them by product or seller', async () => {
    mockApi({
      'GET /api/reported': () =>
        json(
          list([
            makeReport({ id: 3, product: 'Oak chair', seller: 'Sam Seller' }),
            makeReport({ id: 4, product: 'Brass lamp', seller: 'Sue Shop' }),
          ]),
        ),
    })
    const { user } = renderRoutes(routes, '/dashboard/reporteditems')
    const table = await screen.findByRole('table', { name: 'Reported items' })
    expect(screen.getByText('2 reported items')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lamp')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(table).toHaveTextContent('Brass lamp')
    expect(screen.getByText('1 of 2 reported items')).toBeInTheDocument()
  })

  it('shows a reported message in its conversation, and a reported person and review', async () => {
    const other = {
      kind: 'message' as const,
      product_id: null,
      product: '',
      image: '',
      thumb_url: '',
      resale_price: 0,
      seller: '',
      seller_email: '',
    }
    mockApi({
      'GET /api/reported': () =>
        json(
          list([
            makeReport({
              ...other,
              id: 5,
              user_id: 7,
              user: 'Mal Sender',
              message_id: 31,
              conversation_id: 9,
              text: 'Pay me first or else',
              context: [
                {
                  id: 30,
                  sender_id: 8,
                  text: 'Is it still there?',
                  pickup_at: null,
                  time: '2026-11-22T10:00:00.000Z',
                  reported: false,
                },
                {
                  id: 31,
                  sender_id: 7,
                  text: 'Pay me first or else',
                  pickup_at: null,
                  time: '2026-11-22T10:05:00.000Z',
                  reported: true,
                },
              ],
            }),
            makeReport({ ...other, kind: 'user', id: 6, user_id: 7, user: 'Mal Sender' }),
            makeReport({
              ...other,
              kind: 'review',
              id: 7,
              user_id: 8,
              user: 'Rae Viewer',
              review_id: 4,
              rating: 1,
              text: 'Awful',
            }),
          ]),
        ),
    })
    const { user } = renderRoutes(routes, '/dashboard/reporteditems')
    const table = await screen.findByRole('table', { name: 'Reported items' })
    expect(within(table).getByText('Pay me first or else', { selector: 'blockquote' })).toBeInTheDocument()
    await user.click(within(table).getByText('Show the conversation'))
    const conversation = within(table).getByRole('list', { name: 'The conversation around the message from Mal Sender' })
    expect(
      within(conversation)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('The reporter'), expect.stringContaining('Mal Sender')])
    expect(within(conversation).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'true')
    expect(within(table).getByRole('link', { name: 'Mal Sender' })).toHaveAttribute('href', '/sellers/7')
    expect(within(table).getByLabelText('1 of 5 stars')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Hide the review by Rae Viewer' })).toBeInTheDocument()
    expect(within(table).queryByRole('button', { name: /^Remove listing/ })).not.toBeInTheDocument()
  })

  it('hides a reported review with the reason given', async () => {
    const fetch = mockApi({
      'GET /api/reported': () =>
        json(
          list([
            makeReport({
              kind: 'review',
              product_id: null,
              id: 7,
              user: 'Rae Viewer',
              review_id: 4,
              rating: 1,
              reason: 'Insults',
            }),
          ]),
        ),
      'POST /api/reviews/:id/hide': () => json(null, 204),
    })
    const { user } = renderRoutes(routes, '/dashboard/reporteditems')
    await user.click(await screen.findByRole('button', { name: 'Hide the review by Rae Viewer' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Hide this review?' })).getByRole('button', { name: 'Hide review' }),
    )
    expect(await screen.findByText('Review hidden')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(
      '/api/reviews/4/hide',
      expect.objectContaining({ method: 'POST', body: '{"reason":"Insults"}' }),
    )
  })
})
