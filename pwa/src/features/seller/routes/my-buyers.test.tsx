import { screen, waitFor, within } from '@testing-library/react'
import { formatPrice } from '@/lib/format'
import { describe, expect, it } from 'vitest'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { list, makeBooking, makeMessage, seller } from '@/testing/fixtures'
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
    expect(table).toHaveTextContent(formatPrice(45.5))
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

  it('declines a booked booking with the reason given, then refreshes the list', async () => {
    let status: 'Booked' | 'Declined' = 'Booked'
    let sent: unknown
    const fetch = mockApi({
      'GET /api/mybuyers': () =>
        json(list([makeBooking({ id: 3, product: 'Oak chair', status, decline_reason: status === 'Declined' ? 'Sold elsewhere' : '' })])),
      'DELETE /api/mybuyers/:id': ({ body }) => {
        sent = body
        status = 'Declined'
        return json(makeBooking({ id: 3, status, decline_reason: 'Sold elsewhere' }))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    await user.click(await screen.findByRole('button', { name: /^Decline the booking of Oak chair/ }))
    const dialog = screen.getByRole('dialog', { name: 'Decline this booking?' })
    await user.type(within(dialog).getByLabelText('Reason'), '  Sold elsewhere ')
    await user.click(within(dialog).getByRole('button', { name: 'Decline booking' }))
    expect(await screen.findByText('Booking declined')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/mybuyers/3', expect.objectContaining({ method: 'DELETE' }))
    expect(sent).toEqual({ reason: 'Sold elsewhere' })
    await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('Declined'))
    expect(screen.getByRole('table')).toHaveTextContent('Sold elsewhere')
    expect(screen.queryByRole('button', { name: /^Decline the booking/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('declines without a reason, and shows a refusal in the dialog', async () => {
    let sent: unknown
    mockApi({
      'GET /api/mybuyers': () => json(list([makeBooking({ id: 3, product: 'Oak chair' })])),
      'DELETE /api/mybuyers/:id': ({ body }) => {
        sent = body
        return apiError(409, 'This booking is no longer open')
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    await user.click(await screen.findByRole('button', { name: /^Decline the booking of Oak chair/ }))
    const dialog = screen.getByRole('dialog', { name: 'Decline this booking?' })
    await user.click(within(dialog).getByRole('button', { name: 'Decline booking' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This booking is no longer open')
    expect(sent).toEqual({ reason: '' })
  })

  it('shows the agreed pickup time, and Message the buyer starts or opens the conversation', async () => {
    const fetch = mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () =>
        json(
          list([
            makeBooking({ id: 3, product: 'Oak chair', pickup_at: '2030-06-01T08:30:00Z', conversation_id: 12 }),
            makeBooking({ id: 4, product: 'Sofa' }),
          ]),
        ),
      'POST /api/booked/:id/messages': () => json(makeMessage({ id: 1, conversation_id: 14 }), 201),
    })
    const { user, router } = renderRoutes([...routes, { path: '/dashboard/messages/:id', element: <p>the thread</p> }], '/dashboard/mybuyers')
    const table = await screen.findByRole('table')
    const [, withPickup, without] = within(table).getAllByRole('row')
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2030-06-01T08:30:00Z'))
    expect(withPickup).toHaveTextContent(`Pickup ${when}`)
    expect(await within(withPickup!).findByRole('link', { name: 'Message the buyer, Bea Buyer, about Oak chair' })).toHaveAttribute(
      'href',
      '/dashboard/messages/12',
    )
    await user.click(within(without!).getByRole('button', { name: 'Message the buyer, Bea Buyer, about Sofa' }))
    await user.type(screen.getByLabelText('Your message'), 'When can you come?{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/14'))
    expect(fetch).toHaveBeenCalledWith('/api/booked/4/messages', expect.objectContaining({ method: 'POST' }))
  })
})
