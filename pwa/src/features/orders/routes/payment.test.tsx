import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { makeBooking } from '@/testing/fixtures'
import { PaymentRoute } from './payment'

const routes = [{ path: '/dashboard/payment/:bookingId', element: <PaymentRoute /> }]

describe('Payment', () => {
  it('shows the booking and how to pay the seller in person', async () => {
    const fetch = mockApi({
      'GET /api/booked/:id': () => json(makeBooking({ id: 7, product: 'Oak chair', price: 45.5, location: 'Elm Park' })),
    })
    renderRoutes(routes, '/dashboard/payment/7')
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument()
    const how = await screen.findByRole('region', { name: 'How to pay' })
    expect(how).toHaveTextContent(
      'Pay the seller in person when you meet at Elm Park. ' +
        'The seller confirms the payment in the app, and your order shows Paid.',
    )
    const summary = screen.getByRole('region', { name: 'Your order' })
    expect(summary).toHaveTextContent('Oak chair')
    expect(summary).toHaveTextContent('$45.50')
    expect(summary).toHaveTextContent('Elm Park')
    expect(summary).toHaveTextContent('Booked')
    expect(screen.getByRole('img', { name: 'Oak chair' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked/7', expect.anything())
  })

  it.each([
    ['Paid', 'The seller confirmed your payment'],
    ['Cancelled', 'This booking was cancelled'],
    ['Declined', 'The seller declined this booking. There is nothing to pay.'],
  ] as const)('shows a %s booking as such', async (status, text) => {
    mockApi({ 'GET /api/booked/:id': () => json(makeBooking({ id: 7, status })) })
    renderRoutes(routes, '/dashboard/payment/7')
    expect(await screen.findByRole('region', { name: status })).toHaveTextContent(text)
    expect(screen.queryByRole('region', { name: 'How to pay' })).not.toBeInTheDocument()
  })

  it.each(['/dashboard/payment/99', '/dashboard/payment/abc'])('says %s is not found', async (path) => {
    mockApi({ 'GET /api/booked/:id': () => apiError(404, 'Booking not found') })
    renderRoutes(routes, path)
    expect(await screen.findByText('We could not find this booking')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myorders')
  })

  it('offers the card form beside paying in person when the marketplace takes cards', async () => {
    const fetch = mockApi({
      'GET /api/booked/:id': () => json(makeBooking({ id: 7, price: 45.5 })),
      'GET /api/payment-methods': () => json({ card: true, currency: 'usd' }),
      'POST /api/booked/:id/checkout': () => json({ client_secret: 'pi_1_secret_2', publishable_key: 'pk_test_1' }),
    })
    renderRoutes(routes, '/dashboard/payment/7')
    const card = await screen.findByRole('region', { name: 'Pay by card' })
    // Stripe.js cannot load here: the button waits for the form.
    expect(within(card).getByRole('button', { name: 'Pay $45.50' })).toBeDisabled()
    expect(screen.getByRole('region', { name: 'How to pay' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked/7/checkout', expect.objectContaining({ method: 'POST' }))
  })

  it('offers no card form, and starts no payment, when the marketplace takes no cards', async () => {
    const fetch = mockApi({
      'GET /api/booked/:id': () => json(makeBooking({ id: 7 })),
      'GET /api/payment-methods': () => json({ card: false, currency: 'usd' }),
    })
    renderRoutes(routes, '/dashboard/payment/7')
    await screen.findByRole('region', { name: 'How to pay' })
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/payment-methods', expect.anything()))
    expect(screen.queryByRole('region', { name: 'Pay by card' })).not.toBeInTheDocument()
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/booked/7/checkout')
  })

  it('does not start a card payment for a paid booking', async () => {
    const fetch = mockApi({ 'GET /api/booked/:id': () => json(makeBooking({ id: 7, status: 'Paid' })) })
    renderRoutes(routes, '/dashboard/payment/7')
    await screen.findByRole('region', { name: 'Paid' })
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/booked/7/checkout')
  })
})
