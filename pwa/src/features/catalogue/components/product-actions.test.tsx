import { act, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { paymentMethodsKey } from '@/lib/query-keys'
import { RehomeDB } from '@/lib/offline/db'
import { buyer, deferred, makeBooking, makeProduct } from '@/testing/fixtures'
import type { Product } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProductActions, ReportLink } from './product-actions'

const product = makeProduct({ id: 7, product: 'Oak chair', category: 'Chairs', resale_price: 45.5 })

function setup(routes: MockRoutes = {}) {
  const fetch = mockApi({ 'GET /api/auth/me': () => json(buyer), ...routes })
  const rendered = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <ProductActions product={product} />
            <ReportLink product={product} />
          </>
        ),
      },
    ],
    '/',
  )
  return { fetch, ...rendered, outbox: () => outboxOf(rendered.offline.databaseName) }
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

async function openBooking(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Book Now' }))
  return screen.getByRole('dialog', { name: 'Book Oak chair' })
}

function booking(id = 31) {
  return makeBooking({
    id,
    product_id: 7,
    product: 'Oak chair',
    category: 'Chairs',
    image: product.image,
    thumb_url: product.thumb_url,
    price: 45.5,
    location: 'Central park',
    buyer_name: buyer.name,
    buyer_email: buyer.email,
    buyer_phone: '+1 (555) 010-0200',
    status: 'Booked',
    time: '2026-11-23T09:00:00.000Z',
  })
}

async function fillBooking(user: ReturnType<typeof setup>['user']) {
  const dialog = await openBooking(user)
  await user.type(within(dialog).getByLabelText('Location'), 'Central park')
  await user.type(within(dialog).getByLabelText('Phone'), '+1 (555) 010-0200')
  await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('offline', () => {
  it('puts Book Now into the outbox and says it will be sent', async () => {
    const { user, fetch, outbox } = setup()
    await screen.findByRole('button', { name: 'Book Now' })
    act(() => reportUnreachable())
    await fillBooking(user)
    expect(await screen.findByText('Saved — it will be sent when you are back online')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Booking queued' })).toBeDisabled()
    expect(fetch).not.toHaveBeenCalledWith('/api/booked', expect.anything())
    const [entry] = await outbox()
    expect(entry).toMatchObject({
      userId: buyer.id,
      path: '/booked',
      body: { product_id: 7, location: 'Central park', buyer_phone: '+1 (555) 010-0200' },
      label: 'Oak chair',
      sentMessage: 'Booked successfully',
    })
    expect(entry?.idempotencyKey).toMatch(uuid)
  })

  it('queues a booking that got no answer with the key it was sent with', async () => {
    const { user, fetch, outbox } = setup({ 'POST /api/booked': () => Promise.reject(new TypeError('Failed to fetch')) })
    await fillBooking(user)
    expect(await screen.findByText('Saved — it will be sent when you are back online')).toBeInTheDocument()
    const sent = fetch.mock.calls.find(([url]) => url === '/api/booked')?.[1] as RequestInit
    const [entry] = await outbox()
    expect((sent.headers as Record<string, string>)['Idempotency-Key']).toBe(entry?.idempotencyKey)
  })

  it('queues a booking the marketplace could not take for now (503), with the key it was sent with', async () => {
    const { user, fetch, outbox } = setup({
      'POST /api/booked': () =>
        apiError(503, 'The marketplace cannot reach its database: try again in a moment', undefined, { 'Retry-After': '5' }),
    })
    await fillBooking(user)
    expect(
      await screen.findByText('Saved — the marketplace cannot answer right now; it will be sent in a moment'),
    ).toBeInTheDocument()
    const sent = fetch.mock.calls.find(([url]) => url === '/api/booked')?.[1] as RequestInit
    const [entry] = await outbox()
    expect((sent.headers as Record<string, string>)['Idempotency-Key']).toBe(entry?.idempotencyKey)
  })

  it('puts Report into the outbox', async () => {
    const { user, outbox } = setup()
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }))
    act(() => reportUnreachable())
    await user.click(within(screen.getByRole('dialog', { name: 'Report this product?' })).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('Saved — it will be sent when you are back online')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Report queued' })).toBeDisabled()
    expect((await outbox()).map((e) => [e.path, e.sentMessage])).toEqual([['/reported', 'Reported successfully']])
  })
})

describe('Book Now', () => {
  it('asks for location and phone, with the product and the buyer summed up', async () => {
    const { user } = setup()
    const dialog = await openBooking(user)
    const summary = within(dialog).getByRole('group', { name: 'What you book' })
    expect(summary).toHaveTextContent('Oak chair')
    expect(summary).toHaveTextContent('$45.50')
    expect(within(summary).getByRole('img', { name: 'Oak chair' })).toHaveAttribute('src', product.thumb_url)
    expect(dialog).toHaveTextContent(`Booking as ${buyer.name} (${buyer.email})`)
    expect(within(dialog).getByLabelText('Location')).not.toHaveAttribute('readonly')
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(
      expect.stringContaining('Digits, spaces, +, - and parentheses'),
    )
  })

  it('requires location and phone, under each field, without calling the server', async () => {
    const { user, fetch } = setup()
    const dialog = await openBooking(user)
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    for (const label of ['Location', 'Phone']) {
      const input = within(dialog).getByLabelText(label)
      expect(input).toBeInvalid()
      expect(input).toHaveAccessibleDescription(expect.stringContaining('This field is required'))
    }
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2)
    expect(fetch).not.toHaveBeenCalledWith('/api/booked', expect.anything())
  })

  it('checks the phone number as the server does', async () => {
    const { user } = setup()
    const dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), 'call me')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(expect.stringContaining('Enter 6 to 20 digits'))
  })

  it('says Booked successfully and closes only after the server answers 201', async () => {
    const answer = deferred()
    let sent: unknown
    const { user } = setup({
      'POST /api/booked': ({ body }) => {
        sent = body
        return answer.promise
      },
    })
    const dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), '+1 (555) 010-0200')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))

    await waitFor(() => expect(sent).toEqual({ product_id: 7, location: 'Central park', buyer_phone: '+1 (555) 010-0200' }))
    expect(screen.queryByText('Booked successfully')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Book Oak chair' })).toBeInTheDocument()

    answer.resolve(json(booking(), 201))
    expect(await screen.findByText('Booked successfully')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Book Oak chair' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Booked' })).toBeDisabled()
  })

  it("shows the server's message in the form on 409 and stays open", async () => {
    const { user } = setup({ 'POST /api/booked': () => apiError(409, 'You have already booked this product') })
    const dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), '555 0100')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already booked this product')
    expect(screen.queryByText('Booked successfully')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Book Oak chair' })).toBeInTheDocument()
  })

  it('invalidates the bookings and the products after booking', async () => {
    const { user, queryClient } = setup({ 'POST /api/booked': () => json(booking(), 201) })
    queryClient.setQueryData(['bookings', 'mine'], { items: [], total: 0 })
    queryClient.setQueryData(['products', 'detail', 7], product)
    const dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), '555 0100')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    await screen.findByText('Booked successfully')
    expect(queryClient.getQueryState(['bookings', 'mine'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['products', 'detail', 7])?.isInvalidated).toBe(true)
  })

  it('does not close on Escape or a backdrop click, only with its close button', async () => {
    const { user } = setup()
    const dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.keyboard('{Escape}')
    await user.click(dialog)
    expect(screen.getByRole('dialog', { name: 'Book Oak chair' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Location')).toHaveValue('Central park')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog', { name: 'Book Oak chair' })).not.toBeInTheDocument()
  })
})

describe('Report', () => {
  async function openReport(user: ReturnType<typeof setup>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }))
    return screen.getByRole('dialog', { name: 'Report this product?' })
  }

  it('asks first, sends the optional reason, and says Reported successfully only after a 201', async () => {
    const answer = deferred()
    let sent: unknown
    const { user } = setup({
      'POST /api/reported': ({ body }) => {
        sent = body
        return answer.promise
      },
    })
    const dialog = await openReport(user)
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Looks like a stock photo')
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))

    await waitFor(() => expect(sent).toEqual({ product_id: 7, reason: 'Looks like a stock photo' }))
    expect(screen.queryByText('Reported successfully')).not.toBeInTheDocument()

    answer.resolve(json({ product_id: 7 }, 201))
    expect(await screen.findByText('Reported successfully')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Report this product?' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled()
  })

  it('sends nothing when cancelled', async () => {
    const { user, fetch } = setup()
    const dialog = await openReport(user)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Report this product?' })).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/reported', expect.anything())
  })

  it('says so in an error toast when already reported (409)', async () => {
    const { user } = setup({ 'POST /api/reported': () => apiError(409, 'You have already reported this product') })
    const dialog = await openReport(user)
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('You have already reported this product')).toBeInTheDocument()
    expect(screen.queryByText('Reported successfully')).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Report this product?' })).not.toBeInTheDocument()
  })

  it('keeps the dialog open with the message on other failures', async () => {
    const { user } = setup({ 'POST /api/reported': () => apiError(500, 'Internal error') })
    const dialog = await openReport(user)
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal error')
    expect(screen.queryByText('Reported successfully')).not.toBeInTheDocument()
  })
})

describe('a booking of ones own', () => {
  function renderFor(overrides: Parameters<typeof makeProduct>[0], { card = false } = {}) {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const rendered = renderRoutes(
      [{ path: '/', element: <ProductActions product={makeProduct({ id: 7, product: 'Oak chair', ...overrides })} /> }],
      '/',
    )
    // What the app keeps loaded from GET /api/payment-methods.
    act(() => void rendered.queryClient.setQueryData(paymentMethodsKey, { card, currency: 'usd' }))
    return rendered
  }

  it('links to the order instead of Book Now, so nobody books twice', async () => {
    renderFor({ my_booking_id: 31, status: 'Reserved' })
    expect(await screen.findByText('You booked this')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/dashboard/payment/31')
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
  })

  it('says the booking is paid in person at pickup when cards are not taken, with no Pay', async () => {
    renderFor({ my_booking_id: 31, status: 'Reserved' })
    expect(await screen.findByText('Paid in person at pickup')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument()
  })

  it('offers Pay where the marketplace takes cards', async () => {
    renderFor({ my_booking_id: 31, status: 'Reserved' }, { card: true })
    expect(await screen.findByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payment/31')
    expect(screen.queryByText('Paid in person at pickup')).not.toBeInTheDocument()
  })

  it('says bought, with nothing to pay, once the product sold to the viewer', async () => {
    renderFor({ my_booking_id: 31, status: 'Sold' }, { card: true })
    expect(await screen.findByText('You bought this')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View order' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument()
    expect(screen.queryByText('Paid in person at pickup')).not.toBeInTheDocument()
  })

  it('offers Book Now again once the booking made here is declined', async () => {
    let posted = 0
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/booked': () => {
        posted += 1
        return json(booking(30 + posted), 201)
      },
    })
    const available = makeProduct({ id: 7, product: 'Oak chair', status: 'Available', my_booking_id: null })
    // What the server answers for the product after each step.
    const answers: Product[] = [{ ...available, status: 'Reserved', my_booking_id: 31 }, available]
    function Page() {
      const [product, setProduct] = useState(available)
      return (
        <>
          <ProductActions product={product} />
          <button type="button" onClick={() => setProduct(answers.shift()!)}>
            Server answers again
          </button>
        </>
      )
    }
    const { user } = renderRoutes([{ path: '/', element: <Page /> }], '/')
    let dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), '+1 (555) 010-0200')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    expect(await screen.findByRole('button', { name: 'Booked' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Server answers again' })) // booked: Reserved, hers
    expect(await screen.findByText('You booked this')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Server answers again' })) // declined: Available, not hers
    dialog = await openBooking(user)
    await user.type(within(dialog).getByLabelText('Location'), 'Central park')
    await user.type(within(dialog).getByLabelText('Phone'), '+1 (555) 010-0200')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }))
    expect(await screen.findByRole('button', { name: 'Booked' })).toBeDisabled()
    expect(posted).toBe(2)
  })

  it('still offers Book Now on a Reserved product: buyers join the queue', async () => {
    renderFor({ status: 'Reserved' })
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled()
  })

  it('says Sold and offers nothing on a sold product', async () => {
    renderFor({ status: 'Sold' })
    expect(await screen.findByText('Sold')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
