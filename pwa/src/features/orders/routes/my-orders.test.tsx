import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatPrice } from '@/lib/format'
import { paymentMethodsKey } from '@/lib/query-keys'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { list, makeBooking } from '@/testing/fixtures'
import { MyOrdersRoute } from './my-orders'

const routes = [
  { path: '/dashboard/myorders', element: <MyOrdersRoute /> },
  { path: '/dashboard/payment/:bookingId', element: <p>payment page</p> },
]

describe('My Orders', () => {
  it('says so when there are no orders', async () => {
    const fetch = mockApi({ 'GET /api/booked': () => json(list([])) })
    renderRoutes(routes, '/dashboard/myorders')
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument()
    expect(await screen.findByText('You have no orders')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked?limit=24&offset=0', expect.anything())
  })

  it('lists image, name, price and status, with Pay only for booked orders when cards are taken', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({ id: 7, product: 'Oak chair', price: 45.5 }),
            makeBooking({ id: 8, product: 'Sofa', status: 'Paid' }),
            makeBooking({ id: 9, product: 'Lamp', status: 'Cancelled' }),
          ]),
        ),
    })
    const { queryClient } = renderRoutes(routes, '/dashboard/myorders')
    // What the app keeps loaded from GET /api/payment-methods.
    act(() => void queryClient.setQueryData(paymentMethodsKey, { card: true, currency: 'usd' }))
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, booked, paid, cancelled] = within(table).getAllByRole('row')
    expect(within(booked!).getByRole('img', { name: 'Oak chair' })).toHaveAttribute('src', '/images/chair-7-thumb.jpg')
    expect(booked).toHaveTextContent(formatPrice(45.5))
    expect(booked).toHaveTextContent('Booked')
    expect(paid).toHaveTextContent('Paid')
    expect(cancelled).toHaveTextContent('Cancelled')

    expect(await screen.findAllByRole('link', { name: /^Pay/ })).toHaveLength(1)
    expect(screen.queryByText('Paid in person at pickup')).not.toBeInTheDocument()
    expect(within(paid!).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument()
    expect(within(paid!).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument()
    const pay = within(booked!).getByRole('link', { name: 'Pay for Oak chair' })
    expect(pay).toHaveTextContent('Pay')
    // Online it is a page load of its own, which jsdom cannot do: the router
    // would keep this document's policy, which does not let Stripe's card form
    // in. The browser test follows it.
    expect(pay).toHaveAttribute('href', '/dashboard/payment/7')
  })

  it('says a booking is paid in person at pickup when cards are not taken, with no Pay', async () => {
    mockApi({
      'GET /api/booked': () => json(list([makeBooking({ id: 7, product: 'Oak chair' }), makeBooking({ id: 8, product: 'Sofa', status: 'Paid' })])),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, booked, paid] = within(table).getAllByRole('row')
    expect(booked).toHaveTextContent('Paid in person at pickup')
    expect(within(booked!).getByRole('link', { name: 'Details of Oak chair' })).toHaveAttribute('href', '/dashboard/payment/7')
    expect(within(booked!).getByRole('button', { name: 'Cancel booking of Oak chair' })).toBeInTheDocument()
    expect(paid).not.toHaveTextContent('Paid in person at pickup')
    expect(screen.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument()
  })

  it('cancels a booking only after confirming', async () => {
    let cancelled = false
    const fetch = mockApi({
      'GET /api/booked': () => json(list([makeBooking({ id: 7, status: cancelled ? 'Cancelled' : 'Booked' })])),
      'DELETE /api/booked/:id': () => {
        cancelled = true
        return json(makeBooking({ id: 7, status: 'Cancelled' }))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'Cancel booking of Oak chair 7' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' })
    expect(fetch).not.toHaveBeenCalledWith('/api/booked/7', expect.anything())

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }))
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked/7', expect.objectContaining({ method: 'DELETE' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument())
  })

  it('shows the error and retries', async () => {
    let fail = true
    mockApi({
      'GET /api/booked': () => (fail ? apiError(500, 'Internal error') : json(list([makeBooking()]))),
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'My orders' })).toBeInTheDocument()
  })

  it('loads more while the server has more', async () => {
    const bookings = Array.from({ length: 30 }, (_, i) => makeBooking({ id: i + 1 }))
    const fetch = mockApi({
      'GET /api/booked': ({ url }) => {
        const offset = Number(url.searchParams.get('offset'))
        return json(list(bookings.slice(offset, offset + 24), bookings.length))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    expect(await screen.findByText('Showing 24 of 30')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Showing 30 of 30')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked?limit=24&offset=24', expect.anything())
    expect(screen.getAllByRole('row')).toHaveLength(31)
  })

  it("shows a declined booking with the seller's reason under its badge, when there is one", async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({ id: 7, product: 'Oak chair', status: 'Declined', decline_reason: 'Sold it to a neighbour' }),
            makeBooking({ id: 8, product: 'Sofa', status: 'Declined', decline_reason: '' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, withReason, without] = within(table).getAllByRole('row')
    expect(withReason).toHaveTextContent('Declined')
    expect(withReason).toHaveTextContent('Sold it to a neighbour')
    expect(within(withReason!).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument()
    expect(without).toHaveTextContent('Declined')
    expect(without).not.toHaveTextContent('reason')
  })

  it('shows the agreed pickup time, and Message the seller opens the conversation there is', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({ id: 7, product: 'Oak chair', pickup_at: '2030-06-01T08:30:00Z', conversation_id: 12 }),
            makeBooking({ id: 8, product: 'Sofa' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, withPickup, without] = within(table).getAllByRole('row')
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2030-06-01T08:30:00Z'))
    expect(withPickup).toHaveTextContent(`Pickup ${when}`)
    expect(without).not.toHaveTextContent('Pickup')
    expect(within(withPickup!).getByRole('link', { name: 'Message the seller of Oak chair' })).toHaveAttribute(
      'href',
      '/dashboard/messages/12',
    )
  })
})
