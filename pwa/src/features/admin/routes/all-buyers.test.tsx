import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, list } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AllBuyersRoute } from './all-buyers'

const routes = [{ path: '/dashboard/allbuyers', element: <AllBuyersRoute /> }]

describe('All Buyers', () => {
  it('says so when there are no buyers', async () => {
    mockApi({ 'GET /api/buyers': () => json(list([])) })
    renderRoutes(routes, '/dashboard/allbuyers')
    expect(screen.getByRole('heading', { level: 1, name: 'Buyers' })).toBeInTheDocument()
    expect(await screen.findByText('No buyer created')).toBeInTheDocument()
  })

  it('lists name and email, and deletes after confirming', async () => {
    let buyers = [buyer]
    const fetch = mockApi({
      'GET /api/buyers': () => json(list(buyers)),
      'DELETE /api/buyers/:id': () => {
        buyers = []
        return json(null, 204)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/allbuyers')
    const table = await screen.findByRole('table', { name: 'Buyers' })
    expect(table).toHaveTextContent(buyer.name)
    expect(table).toHaveTextContent(buyer.email)
    await user.click(within(table).getByRole('button', { name: `Delete ${buyer.name}` }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this buyer?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/buyers/${buyer.id}`, expect.objectContaining({ method: 'DELETE' }))
    expect(await screen.findByText('No buyer created')).toBeInTheDocument()
  })

  it('counts the buyers and searches them by name or email', async () => {
    const other = { ...buyer, id: 9, name: 'Ben Borrower', email: 'ben@example.com' }
    mockApi({ 'GET /api/buyers': () => json(list([buyer, other], 30)) })
    const { user } = renderRoutes(routes, '/dashboard/allbuyers')
    const table = await screen.findByRole('table', { name: 'Buyers' })
    // The server's total, not only the rows loaded.
    expect(screen.getByText('30 buyers')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'borrow')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(table).toHaveTextContent('Ben Borrower')
    expect(screen.getByText(/1 of 30 buyers/)).toHaveTextContent('(searching the ones loaded)')
  })
})
