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
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Image',
      'Name',
      'Price',
      'Reports',
      'Reason',
      'Actions',
    ])
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
})
