import { act, screen, waitFor, within } from '@testing-library/react'
import { followOutcome } from '@/lib/offline/sent-outcome'
import { reportUnreachable } from '@/lib/connectivity'
import { formatDate, formatPrice } from '@/lib/format'
import { conversationKeys } from '@/lib/query-keys'
import { RehomeDB } from '@/lib/offline/db'
import type { Booking } from '@/testing/fixtures'
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
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Buyer', 'Meeting place', 'Price', 'Status', 'Booked on'])
    expect(within(table).getByRole('link', { name: '+1 (555) 0100' })).toHaveAttribute('href', 'tel:+15550100')
    expect(table).toHaveTextContent('Elm Park')
    expect(table).toHaveTextContent(formatPrice(45.5))
    expect(table).toHaveTextContent('Nov 22')
  })

  it('links no email or phone the server left out', async () => {
    mockApi({
      'GET /api/mybuyers': () =>
        json(list([makeBooking({ id: 3, buyer_name: 'Bea Buyer', buyer_email: '', buyer_phone: '', status: 'Declined' })])),
    })
    renderRoutes(routes, '/dashboard/mybuyers')
    const table = await screen.findByRole('table')
    expect(table).toHaveTextContent('Bea Buyer')
    expect(within(table).queryByRole('link', { name: /@|\d{3}/ })).not.toBeInTheDocument()
    expect(table.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull()
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
        json(
          list([
            makeBooking({ id: 3, product: 'Oak chair', status, decline_reason: status === 'Declined' ? 'Sold elsewhere' : '' }),
          ]),
        ),
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
    const { user, router } = renderRoutes(
      [...routes, { path: '/dashboard/messages/:id', element: <p>the thread</p> }],
      '/dashboard/mybuyers',
    )
    const table = await screen.findByRole('table')
    const [, withPickup, without] = within(table).getAllByRole('row')
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2030-06-01T08:30:00Z'),
    )
    expect(withPickup).toHaveTextContent(`Pickup ${when}`)
    expect(
      await within(withPickup!).findByRole('link', { name: 'Message the buyer, Bea Buyer, about Oak chair' }),
    ).toHaveAttribute('href', '/dashboard/messages/12')
    await user.click(within(without!).getByRole('button', { name: 'Message the buyer, Bea Buyer, about Sofa' }))
    await user.type(screen.getByLabelText('Your message'), 'When can you come?{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/14'))
    expect(fetch).toHaveBeenCalledWith('/api/booked/4/messages', expect.objectContaining({ method: 'POST' }))
  })
})

const handedOverAt = '2026-11-27T10:00:00Z'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A booking of Oak chair the server hands over once `handedOver` says so. */
function oakChair(handedOver: boolean, overrides: Partial<Booking> = {}): Booking {
  return makeBooking({
    id: 3,
    product: 'Oak chair',
    status: handedOver ? 'Paid' : 'Booked',
    handed_over_at: handedOver ? handedOverAt : null,
    review_until: null,
    buyer_reviewed: false,
    seller_reviewed: false,
    ...overrides,
  })
}

async function openHandover(user: ReturnType<typeof renderRoutes>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Hand over Oak chair to Bea Buyer' }))
  return screen.getByRole('dialog', { name: 'Hand over Oak chair' })
}

/** What waits in the outbox on the device. */
async function outboxOf(databaseName: string) {
  const db = new RehomeDB(databaseName)
  try {
    return await db.outbox.toArray()
  } finally {
    db.close()
  }
}

describe('My Buyers: handing over', () => {
  it("takes the buyer's code from a labelled numeric field, then shows the booking handed over", async () => {
    let handedOver = false
    let sent: unknown
    const fetch = mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () => json(list([oakChair(handedOver)])),
      'POST /api/mybuyers/:id/handover': ({ body }) => {
        sent = body
        handedOver = true
        return json(oakChair(true))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    const dialog = await openHandover(user)
    const code = within(dialog).getByLabelText('Buyer’s handover code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await user.type(code, '123 456{Enter}')
    expect(await screen.findByText('Handed over: Oak chair is sold')).toBeInTheDocument()
    expect(sent).toEqual({ code: '123456' })
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/mybuyers/3/handover')!
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(uuid)
    const row = screen.getAllByRole('row')[1]!
    expect(row).toHaveTextContent(`Handed over ${formatDate(handedOverAt)}`)
    expect(row).toHaveTextContent('Paid')
    expect(within(row).queryByRole('button', { name: /^Hand over/ })).not.toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Payment received/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks for six digits before sending anything', async () => {
    const fetch = mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () => json(list([oakChair(false)])),
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    const dialog = await openHandover(user)
    await user.type(within(dialog).getByLabelText('Buyer’s handover code'), '12345')
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }))
    expect(await within(dialog).findByText('Enter the 6-digit code the buyer shows you')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Buyer’s handover code')).toHaveAttribute('aria-invalid', 'true')
    expect(fetch).not.toHaveBeenCalledWith('/api/mybuyers/3/handover', expect.anything())
  })

  it('shows a wrong code under the field, and a locked handover above the buttons', async () => {
    let attempts = 0
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () => json(list([oakChair(false)])),
      'POST /api/mybuyers/:id/handover': () =>
        ++attempts === 1
          ? apiError(422, "This is not the buyer's code", { code: "This is not the buyer's code" })
          : apiError(429, 'Too many wrong codes: try again in 15 minutes'),
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    const dialog = await openHandover(user)
    const code = within(dialog).getByLabelText('Buyer’s handover code')
    await user.type(code, '111111{Enter}')
    expect(await within(dialog).findByText("This is not the buyer's code")).toBeInTheDocument()
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(code).toHaveAccessibleDescription(expect.stringContaining("This is not the buyer's code"))

    await user.clear(code)
    await user.type(code, '222222{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many wrong codes: try again in 15 minutes')
    // Still booked: the seller may try again later.
    expect(screen.getAllByRole('row')[1]).not.toHaveTextContent('Handed over')
  })

  it('queues a code entered offline, shows "Handed over — confirming", then the server\'s answer', async () => {
    let handedOver = false
    const answers: unknown[] = []
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () => json(list([oakChair(handedOver)])),
      'POST /api/mybuyers/:id/handover': ({ body }) => {
        answers.push(body)
        handedOver = true
        return json(oakChair(true))
      },
    })
    const { user, offline, queryClient } = renderRoutes(routes, '/dashboard/mybuyers')
    const dialog = await openHandover(user)
    act(() => reportUnreachable())
    await user.type(within(dialog).getByLabelText('Buyer’s handover code'), '123456{Enter}')
    expect(await screen.findByText('Saved — it will be sent when you are back online')).toBeInTheDocument()
    const row = () => screen.getAllByRole('row')[1]!
    await waitFor(() => expect(row()).toHaveTextContent('Handed over — confirming'))
    expect(within(row()).queryByRole('button', { name: /^Hand over/ })).not.toBeInTheDocument()
    expect(within(row()).queryByRole('button', { name: /^Decline/ })).not.toBeInTheDocument()
    expect(answers).toEqual([])
    const [entry] = await outboxOf(offline.databaseName)
    expect(entry).toMatchObject({
      userId: seller.id,
      path: '/mybuyers/3/handover',
      body: { code: '123456' },
      label: 'Handover of Oak chair',
      limitRefuses: true,
      change: { kind: 'booking.handedover', booking_id: 3, product_id: 103 },
    })

    // Back online, the outbox sends it (features/offline's OutboxSync) and follows its outcome.
    await act(() => offline.outbox.send(seller.id, (outcome) => followOutcome(queryClient, outcome)))
    expect(answers).toEqual([{ code: '123456' }])
    expect(await screen.findByText('Handed over: Oak chair is sold')).toBeInTheDocument()
    await waitFor(() => expect(row()).toHaveTextContent(`Handed over ${formatDate(handedOverAt)}`))
    expect(row()).not.toHaveTextContent('confirming')
  })

  it('says why the outbox could not hand it over, and offers Hand over again', async () => {
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () => json(list([oakChair(false)])),
      'POST /api/mybuyers/:id/handover': () =>
        apiError(422, "This is not the buyer's code", { code: "This is not the buyer's code" }),
    })
    const { user, offline, queryClient } = renderRoutes(routes, '/dashboard/mybuyers')
    const dialog = await openHandover(user)
    act(() => reportUnreachable())
    await user.type(within(dialog).getByLabelText('Buyer’s handover code'), '999999{Enter}')
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('Handed over — confirming'))

    await act(() => offline.outbox.send(seller.id, (outcome) => followOutcome(queryClient, outcome)))
    expect(await screen.findByText("Handover of Oak chair: This is not the buyer's code")).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Hand over Oak chair to Bea Buyer' })).toBeInTheDocument()
    expect(screen.getAllByRole('row')[1]).not.toHaveTextContent('confirming')
    expect(await outboxOf(offline.databaseName)).toEqual([])
  })
})

describe('My Buyers: reviewing the buyer', () => {
  const reviewUntil = new Date(Date.now() + 20 * 86_400_000).toISOString()

  it('offers Review the buyer after the handover, and posts the stars and text', async () => {
    let reviewed = false
    let sent: unknown
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/mybuyers': () => json(list([oakChair(true, { review_until: reviewUntil, seller_reviewed: reviewed })])),
      'POST /api/mybuyers/:id/review': ({ body }) => {
        sent = body
        reviewed = true
        return json(
          {
            id: 1,
            author_id: seller.id,
            author: seller.name,
            role: 'seller',
            product: 'Oak chair',
            rating: 5,
            text: 'On time.',
            time: handedOverAt,
            visible_from: handedOverAt,
          },
          201,
        )
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    await user.click(await screen.findByRole('button', { name: 'Review the buyer of Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Review the buyer of Oak chair' })
    await user.click(within(dialog).getByLabelText('5 stars'))
    await user.type(within(dialog).getByLabelText('Your review (optional)'), 'On time.')
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }))
    // Said by a toast, and then by the row.
    const reviewedText = 'Reviewed — shown once the buyer reviews too, or in 14 days'
    await waitFor(() => expect(screen.getAllByText(reviewedText)).toHaveLength(2))
    expect(sent).toEqual({ rating: 5, text: 'On time.' })
    expect(screen.queryByRole('button', { name: /^Review the buyer/ })).not.toBeInTheDocument()
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(reviewedText)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('My Buyers: the buyer did not come', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString()

  it('is offered only on an open booking two hours past its agreed pickup time', async () => {
    mockApi({
      'GET /api/mybuyers': () =>
        json(
          list([
            makeBooking({ id: 1, product: 'Missed chair', pickup_at: hoursAgo(2.5) }),
            makeBooking({ id: 2, product: 'Soon chair', pickup_at: hoursAgo(-1) }),
            makeBooking({ id: 3, product: 'Unagreed chair', pickup_at: null }),
            makeBooking({ id: 4, product: 'Declined chair', status: 'Declined', pickup_at: hoursAgo(3) }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/mybuyers')
    expect(await screen.findByRole('button', { name: /^The buyer didn’t come: .*, Missed chair$/ })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /didn’t come/ })).toHaveLength(1)
  })

  it('asks first, saying what it does, then shows the booking ended as a no-show', async () => {
    let ended = false
    const fetch = mockApi({
      'GET /api/mybuyers': () =>
        json(
          list([
            makeBooking({
              id: 3,
              product: 'Oak chair',
              buyer_name: 'Bea Buyer',
              pickup_at: hoursAgo(3),
              ...(ended ? { status: 'Declined', decline_reason: 'The buyer did not come to the pickup', no_show: 'buyer' } : {}),
            }),
          ]),
        ),
      'POST /api/mybuyers/:id/no-show': () => {
        ended = true
        return json(makeBooking({ id: 3, status: 'Declined', no_show: 'buyer' }))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    await user.click(await screen.findByRole('button', { name: 'The buyer didn’t come: Bea Buyer, Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'The buyer didn’t come?' })
    expect(dialog).toHaveTextContent('Bea Buyer’s booking of Oak chair ends.')
    expect(dialog).toHaveTextContent('It counts as a no-show on their public profile for a year.')
    expect(dialog).toHaveTextContent('The next buyer in line, if there is one, is told.')
    expect(fetch).not.toHaveBeenCalledWith('/api/mybuyers/3/no-show', expect.anything())

    await user.click(within(dialog).getByRole('button', { name: 'The buyer didn’t come' }))
    expect(await screen.findByText('Booking ended: the buyer didn’t come')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/mybuyers/3/no-show', expect.objectContaining({ method: 'POST' }))
    const table = screen.getByRole('table')
    await within(table).findByText('Ended: the buyer didn’t come')
    expect(within(table).getByText('No-show')).toBeInTheDocument()
    expect(table).not.toHaveTextContent('The buyer did not come to the pickup')
    expect(
      within(table).queryByRole('button', { name: /didn’t come|^Decline|^Payment received|^Hand over/ }),
    ).not.toBeInTheDocument()
  })

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/mybuyers': () => json(list([makeBooking({ id: 3, product: 'Oak chair', pickup_at: hoursAgo(3) })])),
      'POST /api/mybuyers/:id/no-show': () => apiError(409, 'Only an open booking can end in a no-show'),
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    await user.click(await screen.findByRole('button', { name: /^The buyer didn’t come: / }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'The buyer didn’t come' }))
    expect(await screen.findByText('Only an open booking can end in a no-show')).toBeInTheDocument()
  })

  it('is off offline', async () => {
    mockApi({ 'GET /api/mybuyers': () => json(list([makeBooking({ id: 3, product: 'Oak chair', pickup_at: hoursAgo(3) })])) })
    renderRoutes(routes, '/dashboard/mybuyers')
    const button = await screen.findByRole('button', { name: /^The buyer didn’t come: / })
    act(() => reportUnreachable())
    expect(button).toBeDisabled()
    expect(
      screen.getByText(
        'You are offline: saying the buyer didn’t come needs a connection. It works again once you are back online.',
      ),
    ).toBeInTheDocument()
  })

  it('says so when the buyer said the seller did not come', async () => {
    mockApi({
      'GET /api/mybuyers': () =>
        json(list([makeBooking({ id: 3, product: 'Oak chair', status: 'Cancelled', no_show: 'seller' })])),
    })
    renderRoutes(routes, '/dashboard/mybuyers')
    const table = await screen.findByRole('table')
    expect(await within(table).findByText('Ended: the buyer said you didn’t come')).toBeInTheDocument()
  })
})

describe('My Buyers: new bookings', () => {
  it('marks the new ones, and tells the server the newest it showed, once; the top bar refetches its counts', async () => {
    const fetch = mockApi({
      'GET /api/mybuyers': () =>
        json(
          list([
            makeBooking({ id: 5, product: 'Sofa', new: true }),
            makeBooking({ id: 4, product: 'Lamp', new: true }),
            makeBooking({ id: 2, product: 'Oak chair', new: false }),
          ]),
        ),
      'POST /api/mybuyers/seen': () => json(null, 204),
    })
    const { queryClient } = renderRoutes(routes, '/dashboard/mybuyers')
    queryClient.setQueryData(conversationKeys.unread(), { unread: 0, bookings: 2 })
    const table = await screen.findByRole('table')
    const [, sofa, lamp, chair] = within(table).getAllByRole('row')
    expect(within(sofa!).getByText('New')).toBeInTheDocument()
    expect(within(lamp!).getByText('New')).toBeInTheDocument()
    expect(within(chair!).queryByText('New')).not.toBeInTheDocument()
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/mybuyers/seen',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ booking_id: 5 }) }),
      ),
    )
    await waitFor(() => expect(queryClient.getQueryState(conversationKeys.unread())?.isInvalidated).toBe(true))
    expect(fetch.mock.calls.filter(([url]) => url === '/api/mybuyers/seen')).toHaveLength(1)
    // The list keeps its marks until it is next fetched.
    expect(within(sofa!).getByText('New')).toBeInTheDocument()
  })

  it('tells nothing when no booking is new', async () => {
    const fetch = mockApi({ 'GET /api/mybuyers': () => json(list([makeBooking({ id: 2, new: false }), makeBooking({ id: 1 })])) })
    renderRoutes(routes, '/dashboard/mybuyers')
    const table = await screen.findByRole('table')
    expect(within(table).queryByText('New')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/mybuyers/seen', expect.anything())
  })
})
