import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { setLanguage } from '@/lib/i18n'
import { formatDate, formatPrice } from '@/lib/format'
import type { Booking } from '@/testing/fixtures'
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
      'GET /api/booked': () =>
        json(list([makeBooking({ id: 7, product: 'Oak chair' }), makeBooking({ id: 8, product: 'Sofa', status: 'Paid' })])),
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

  it('says why a booking was cancelled when the seller was suspended or deleted', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({ id: 7, product: 'Oak chair', status: 'Cancelled', cancel_reason: 'seller_suspended' }),
            makeBooking({ id: 8, product: 'Sofa', status: 'Cancelled', cancel_reason: 'seller_deleted' }),
            makeBooking({ id: 9, product: 'Lamp', status: 'Cancelled' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, suspended, deleted, plain] = within(table).getAllByRole('row')
    expect(suspended).toHaveTextContent("The seller's account was suspended, so the booking was cancelled.")
    expect(deleted).toHaveTextContent("The seller's account was deleted, so the booking was cancelled.")
    expect(plain).toHaveTextContent('Cancelled')
    expect(plain).not.toHaveTextContent("The seller's account")
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
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2030-06-01T08:30:00Z'),
    )
    expect(withPickup).toHaveTextContent(`Pickup ${when}`)
    expect(without).not.toHaveTextContent('Pickup')
    expect(within(withPickup!).getByRole('link', { name: 'Message the seller of Oak chair' })).toHaveAttribute(
      'href',
      '/dashboard/messages/12',
    )
  })
})

const handedOverAt = '2026-11-27T10:00:00Z'

/** Oak chair, booked by the signed-in buyer, as the server now sends a booking. */
function oakChair(overrides: Partial<Booking> = {}): Booking {
  return makeBooking({
    id: 7,
    product: 'Oak chair',
    handed_over_at: null,
    review_until: null,
    buyer_reviewed: false,
    seller_reviewed: false,
    ...overrides,
  })
}

describe('My Orders: the handover code', () => {
  it('is offered while the booking is open, and says when it was handed over', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            oakChair(),
            oakChair({ id: 8, product: 'Sofa', status: 'Paid' }),
            oakChair({ id: 9, product: 'Lamp', status: 'Paid', handed_over_at: handedOverAt }),
            oakChair({ id: 10, product: 'Desk', status: 'Cancelled' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, booked, paidByCard, handedOver, cancelled] = within(table).getAllByRole('row')
    expect(within(booked!).getByRole('button', { name: 'Show handover code for Oak chair' })).toBeInTheDocument()
    expect(within(paidByCard!).getByRole('button', { name: 'Show handover code for Sofa' })).toBeInTheDocument()
    expect(within(handedOver!).queryByRole('button', { name: /handover code/ })).not.toBeInTheDocument()
    expect(handedOver).toHaveTextContent(`Handed over ${formatDate(handedOverAt)}`)
    expect(within(cancelled!).queryByRole('button', { name: /handover code/ })).not.toBeInTheDocument()
  })

  it('shows the six digits large and grouped, with a QR code of them', async () => {
    const fetch = mockApi({
      'GET /api/booked': () => json(list([oakChair()])),
      'GET /api/booked/:id/handover': () => json({ code: '042917' }),
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'Show handover code for Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Handover code for Oak chair' })
    expect(await within(dialog).findByText('042 917')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Show this to the seller when you pick it up.')
    // The QR code's code loads on first use.
    const qr = await within(dialog).findByRole('img', { name: 'QR code of 042 917' })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/)
    expect(fetch).toHaveBeenCalledWith('/api/booked/7/handover', expect.anything())
  })

  it('says so in the open dialog once the seller has entered the code', async () => {
    let handedOver = false
    mockApi({
      'GET /api/booked': () => json(list([oakChair(handedOver ? { status: 'Paid', handed_over_at: handedOverAt } : {})])),
      'GET /api/booked/:id/handover': () =>
        handedOver ? apiError(409, 'This booking was already handed over') : json({ code: '042917' }),
    })
    const { user, queryClient } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'Show handover code for Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Handover code for Oak chair' })
    await within(dialog).findByText('042 917')
    handedOver = true
    // What the live event about the booking does.
    await act(() => queryClient.invalidateQueries({ queryKey: ['bookings'] }))
    expect(await within(dialog).findByText('Handed over')).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent('042 917')
  })
})

describe('My Orders: reviewing the seller', () => {
  const reviewUntil = new Date(Date.now() + 20 * 86_400_000).toISOString()
  const handedOver = { status: 'Paid', handed_over_at: handedOverAt, review_until: reviewUntil } as const

  it('is offered only while the booking may be reviewed and the buyer has not', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            oakChair(handedOver),
            oakChair({ ...handedOver, id: 8, product: 'Sofa', review_until: '2026-01-01T00:00:00Z' }),
            oakChair({ ...handedOver, id: 9, product: 'Lamp', buyer_reviewed: true }),
            oakChair({ ...handedOver, id: 10, product: 'Desk', buyer_reviewed: true, seller_reviewed: true }),
            oakChair({ id: 11, product: 'Stool' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const table = await screen.findByRole('table', { name: 'My orders' })
    const [, open, closed, reviewed, both, booked] = within(table).getAllByRole('row')
    expect(within(open!).getByRole('button', { name: 'Review the seller of Oak chair' })).toHaveTextContent('Review the seller')
    expect(within(closed!).queryByRole('button', { name: /^Review/ })).not.toBeInTheDocument()
    expect(reviewed).toHaveTextContent('Reviewed — shown once the seller reviews too, or in 14 days')
    expect(both).toHaveTextContent('You both reviewed each other')
    expect(within(booked!).queryByRole('button', { name: /^Review/ })).not.toBeInTheDocument()
  })

  it('takes 1 to 5 stars by keyboard, each labelled, and an optional text', async () => {
    let sent: unknown
    mockApi({
      'GET /api/booked': () => json(list([oakChair({ ...handedOver, buyer_reviewed: sent !== undefined })])),
      'POST /api/booked/:id/review': ({ body }) => {
        sent = body
        return json(
          {
            id: 1,
            author_id: 1,
            author: 'Bea Buyer',
            role: 'buyer' as const,
            product: 'Oak chair',
            rating: 5,
            text: '',
            time: '2026-11-25T10:00:00Z',
            visible_from: '2026-12-09T10:00:00Z',
          },
          201,
        )
      },
    })
    const fetch = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'Review the seller of Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Review the seller of Oak chair' })
    const stars = within(dialog).getByRole('group', { name: 'Your rating' })
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5'])
    expect(within(stars).getByLabelText('1 star')).toBeInTheDocument()

    // Sending without stars says what is missing.
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }))
    expect(await within(dialog).findByText('Choose 1 to 5 stars')).toBeInTheDocument()

    // Space picks the focused star, the arrow keys move along them (a native radio group).
    within(stars).getByLabelText('1 star').focus()
    await user.keyboard(' ')
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(within(stars).getByLabelText('4 stars')).toBeChecked()
    expect(within(stars).getByLabelText('4 stars')).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }))
    await waitFor(() =>
      expect(screen.getAllByText('Reviewed — shown once the seller reviews too, or in 14 days')).toHaveLength(2),
    )
    expect(sent).toEqual({ rating: 4 })
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/booked/7/review')!
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.queryByRole('button', { name: /^Review the seller/ })).not.toBeInTheDocument()
  })

  it("puts the server's field errors under their fields", async () => {
    mockApi({
      'GET /api/booked': () => json(list([oakChair(handedOver)])),
      'POST /api/booked/:id/review': () => apiError(422, 'Check the highlighted fields', { text: 'Use at most 500 characters' }),
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'Review the seller of Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Review the seller of Oak chair' })
    await user.click(within(dialog).getByLabelText('2 stars'))
    const text = within(dialog).getByLabelText('Your review (optional)')
    await user.type(text, 'Late, but friendly.')
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }))
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('Use at most 500 characters')))
    expect(text).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields')
  })
})

describe('My Orders: the seller did not come', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString()

  it('is offered only on an open booking two hours past its agreed pickup time', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({ id: 1, product: 'Missed chair', pickup_at: hoursAgo(3) }),
            makeBooking({ id: 2, product: 'Recent chair', pickup_at: hoursAgo(1) }),
            makeBooking({ id: 3, product: 'Unagreed chair', pickup_at: null }),
            makeBooking({ id: 4, product: 'Paid chair', status: 'Paid', pickup_at: hoursAgo(3) }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    expect(await screen.findByRole('button', { name: 'The seller didn’t come: Missed chair' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /didn’t come/ })).toHaveLength(1)
  })

  it('asks first, saying what it does, then shows the booking ended as a no-show', async () => {
    let ended = false
    const fetch = mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({
              id: 7,
              product: 'Oak chair',
              pickup_at: hoursAgo(3),
              ...(ended ? { status: 'Cancelled', no_show: 'seller' } : {}),
            }),
          ]),
        ),
      'POST /api/booked/:id/no-show': () => {
        ended = true
        return json(makeBooking({ id: 7, status: 'Cancelled', no_show: 'seller' }))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'The seller didn’t come: Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'The seller didn’t come?' })
    expect(dialog).toHaveTextContent('Your booking of Oak chair ends.')
    expect(dialog).toHaveTextContent('It counts as a no-show on the seller’s public profile for a year.')
    expect(dialog).toHaveTextContent('The next buyer in line, if there is one, is told.')
    expect(fetch).not.toHaveBeenCalledWith('/api/booked/7/no-show', expect.anything())

    await user.click(within(dialog).getByRole('button', { name: 'The seller didn’t come' }))
    expect(await screen.findByText('Booking ended: the seller didn’t come')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/booked/7/no-show', expect.objectContaining({ method: 'POST' }))
    const row = await screen.findByRole('row', { name: /Oak chair/ })
    await within(row).findByText('Ended: the seller didn’t come')
    expect(within(row).getByText('No-show')).toBeInTheDocument()
    expect(within(row).queryByText('Cancelled')).not.toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /didn’t come|^Cancel/ })).not.toBeInTheDocument()
  })

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/booked': () => json(list([makeBooking({ id: 7, product: 'Oak chair', pickup_at: hoursAgo(3) })])),
      'POST /api/booked/:id/no-show': () => apiError(409, 'You can say they did not come 2 hours after the agreed pickup time'),
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    await user.click(await screen.findByRole('button', { name: 'The seller didn’t come: Oak chair' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'The seller didn’t come' }))
    expect(await screen.findByText('You can say they did not come 2 hours after the agreed pickup time')).toBeInTheDocument()
    expect(screen.queryByText('Booking ended: the seller didn’t come')).not.toBeInTheDocument()
  })

  it('is off offline, saying why', async () => {
    mockApi({ 'GET /api/booked': () => json(list([makeBooking({ id: 7, product: 'Oak chair', pickup_at: hoursAgo(3) })])) })
    renderRoutes(routes, '/dashboard/myorders')
    const button = await screen.findByRole('button', { name: 'The seller didn’t come: Oak chair' })
    act(() => reportUnreachable())
    expect(button).toBeDisabled()
    expect(
      screen.getByText(
        'You are offline: cancelling a booking or saying the seller didn’t come needs a connection. It works again once you are back online.',
      ),
    ).toBeInTheDocument()
  })

  it('says so when the seller said the buyer did not come, in place of their reason', async () => {
    mockApi({
      'GET /api/booked': () =>
        json(
          list([
            makeBooking({
              id: 7,
              product: 'Oak chair',
              status: 'Declined',
              decline_reason: 'The buyer did not come to the pickup',
              no_show: 'buyer',
            }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const row = await screen.findByRole('row', { name: /Oak chair/ })
    expect(within(row).getByText('Ended: the seller said you didn’t come')).toBeInTheDocument()
    expect(within(row).getByText('No-show')).toBeInTheDocument()
    expect(row).not.toHaveTextContent('The buyer did not come to the pickup')
  })

  it('says how to answer a no-show counted against the buyer, takes one answer, then shows it', async () => {
    let answered = false
    let sent: unknown
    const noShow = { id: 7, product: 'Oak chair', status: 'Declined', no_show: 'buyer' } as const
    mockApi({
      'GET /api/booked': () => json(list([makeBooking({ ...noShow, no_show_answer: answered ? 'The bus broke down' : '' })])),
      'POST /api/no-shows/:booking_id/answer': ({ body, params }) => {
        expect(params.booking_id).toBe('7')
        sent = body
        answered = true
        return json(makeBooking({ ...noShow, no_show_answer: 'The bus broke down' }))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    const row = await screen.findByRole('row', { name: /Oak chair/ })
    expect(row).toHaveTextContent('If it was not so, you can answer once; your answer shows beside it on your profile.')
    await user.click(within(row).getByRole('button', { name: 'Answer the no-show: Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Answer the no-show?' })
    await user.type(within(dialog).getByLabelText('Your answer'), 'The bus broke down')
    await user.click(within(dialog).getByRole('button', { name: 'Add my answer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toEqual({ answer: 'The bus broke down' })
    expect(await within(row).findByText('Your answer: The bus broke down')).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Answer the no-show/ })).not.toBeInTheDocument()
  })

  it('offers no answer to the side that said the other did not come', async () => {
    mockApi({
      'GET /api/booked': () => json(list([makeBooking({ id: 7, product: 'Oak chair', status: 'Cancelled', no_show: 'seller' })])),
    })
    renderRoutes(routes, '/dashboard/myorders')
    const row = await screen.findByRole('row', { name: /Oak chair/ })
    expect(within(row).getByText('Ended: the seller didn’t come')).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Answer the no-show/ })).not.toBeInTheDocument()
  })
})

describe('My Orders in German', () => {
  it('shows the heading, columns, actions and the cancel dialog in German, and no English', async () => {
    mockApi({ 'GET /api/booked': () => json(list([makeBooking({ id: 7, product: 'Eichenstuhl' })])) })
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/dashboard/myorders')
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Meine Bestellungen' })
    for (const header of ['Bild', 'Name', 'Preis', 'Status']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    expect(within(table).getByText('Bezahlung bei Abholung')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Details zu Eichenstuhl' })).toHaveAttribute('href', '/dashboard/payment/7')
    await user.click(within(table).getByRole('button', { name: 'Reservierung von Eichenstuhl stornieren' }))
    const dialog = await screen.findByRole('dialog', { name: 'Diese Reservierung stornieren?' })
    expect(dialog).toHaveTextContent('Eichenstuhl steht dann wieder anderen Käufern zur Verfügung.')
    expect(within(dialog).getByRole('button', { name: 'Reservierung behalten' })).toBeInTheDocument()
    for (const text of ['My Orders', 'Paid in person at pickup', 'Cancel booking', 'Keep booking']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })
})
