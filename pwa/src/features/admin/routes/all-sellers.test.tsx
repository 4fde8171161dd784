import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { list, seller } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AllSellersRoute } from './all-sellers'

const routes = [{ path: '/dashboard/allsellers', element: <AllSellersRoute /> }]
const newcomer = { ...seller, id: 5, name: 'Nia New', email: 'nia@example.com', verified: false }

describe('All Sellers', () => {
  it('says so when there are no sellers', async () => {
    mockApi({ 'GET /api/sellers': () => json(list([])) })
    renderRoutes(routes, '/dashboard/allsellers')
    expect(screen.getByRole('heading', { level: 1, name: 'Sellers' })).toBeInTheDocument()
    expect(await screen.findByText('No Seller created')).toBeInTheDocument()
  })

  it('shows the verified badge, and Verify only for sellers not verified', async () => {
    mockApi({ 'GET /api/sellers': () => json(list([seller, newcomer])) })
    renderRoutes(routes, '/dashboard/allsellers')
    const table = await screen.findByRole('table', { name: 'Sellers' })
    const [, sam, nia] = within(table).getAllByRole('row')
    expect(sam).toHaveTextContent('Verified')
    expect(within(sam!).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument()
    expect(nia).not.toHaveTextContent('Verified')
    expect(within(nia!).getByRole('button', { name: 'Verify Nia New' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /^Verify/ })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(2)
  })

  it('verifies a seller after confirming, says so and the button goes', async () => {
    let verified = false
    const fetch = mockApi({
      'GET /api/sellers': () => json(list([{ ...newcomer, verified }])),
      'PUT /api/sellers/:id': () => {
        verified = true
        return json({ ...newcomer, verified })
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/allsellers')
    await user.click(await screen.findByRole('button', { name: 'Verify Nia New' }))
    const dialog = screen.getByRole('dialog', { name: 'Verify this seller?' })
    expect(dialog).toHaveTextContent('Nia New')
    expect(fetch).not.toHaveBeenCalledWith('/api/sellers/5', expect.anything())
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Verified successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/sellers/5', expect.objectContaining({ method: 'PUT' }))
    expect(screen.queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument()
  })

  it('deletes a seller after confirming', async () => {
    const fetch = mockApi({
      'GET /api/sellers': () => json(list([newcomer])),
      'DELETE /api/sellers/:id': () => json(null, 204),
    })
    const { user } = renderRoutes(routes, '/dashboard/allsellers')
    await user.click(await screen.findByRole('button', { name: 'Delete Nia New' }))
    expect(fetch).not.toHaveBeenCalledWith('/api/sellers/5', expect.anything())
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/sellers/5', expect.objectContaining({ method: 'DELETE' }))
  })

  it('counts the sellers and searches them by name or email', async () => {
    const other = { ...seller, id: 9, name: 'Sue Shop', email: 'sue@shop.test', verified: false }
    mockApi({ 'GET /api/sellers': () => json(list([seller, other])) })
    const { user } = renderRoutes(routes, '/dashboard/allsellers')
    const table = await screen.findByRole('table', { name: 'Sellers' })
    expect(screen.getByText('2 sellers')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'shop.test')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(within(table).getByRole('button', { name: 'Verify Sue Shop' })).toBeInTheDocument()
    expect(screen.getByText('1 of 2 sellers')).toBeInTheDocument()
  })
})
