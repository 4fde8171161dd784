import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { list, makeBooking } from '@/testing/fixtures'
import { MyBuyersRoute } from './my-buyers'

const routes = [{ path: '/dashboard/mybuyers', element: <MyBuyersRoute /> }]

describe('My Buyers', () => {
  it('says so when nobody has booked', async () => {
    mockApi({ 'GET /api/mybuyers': () => json(list([])) })
    renderRoutes(routes, '/dashboard/mybuyers')
    expect(screen.getByRole('heading', { level: 1, name: 'My Buyers' })).toBeInTheDocument()
    expect(await screen.findByText('Nobody has booked your products yet')).toBeInTheDocument()
  })

  it('lists the buyers with a phone link', async () => {
    mockApi({
      'GET /api/mybuyers': () =>
        json(list([makeBooking({ id: 3, buyer_phone: '+1 (555) 0100', location: 'Elm Park', price: 45.5 })])),
    })
    renderRoutes(routes, '/dashboard/mybuyers')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product',
      'Buyer',
      'Meeting place',
      'Price',
      'Status',
      'Booked on',
    ])
    expect(within(table).getByRole('link', { name: '+1 (555) 0100' })).toHaveAttribute('href', 'tel:+15550100')
    expect(table).toHaveTextContent('Elm Park')
    expect(table).toHaveTextContent('45.50$')
    expect(table).toHaveTextContent('2026-11-22')
  })

  it('confirms a payment after asking, then refreshes the list', async () => {
    let status: 'Booked' | 'Paid' = 'Booked'
    const fetch = mockApi({
      'GET /api/mybuyers': () => json(list([makeBooking({ id: 3, product: 'Oak chair', status })])),
      'POST /api/booked/:id/paid': () => {
        status = 'Paid'
        return json(makeBooking({ id: 3, status }))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    await user.click(await screen.findByRole('button', { name: /^Payment received from .* for Oak chair$/ }))
    expect(fetch).not.toHaveBeenCalledWith('/api/booked/3/paid', expect.anything())
    const dialog = screen.getByRole('dialog', { name: 'Confirm the payment?' })
    await user.click(within(dialog).getByRole('button', { name: 'Payment received' }))
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked/3/paid', expect.objectContaining({ method: 'POST' }))
    expect(screen.queryByRole('button', { name: /^Payment received/ })).not.toBeInTheDocument()
    expect(screen.getByRole('table')).toHaveTextContent('Paid')
  })
})
