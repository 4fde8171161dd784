import { act, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { noShowAfter, noShowOpen } from '@/lib/no-show'
import { makeBooking } from '@/testing/fixtures'
import { createTestQueryClient } from '@/testing/render'
import { NoShowButton, NoShowEnded } from './no-show'

const hour = 60 * 60 * 1000
const now = Date.parse('2026-11-27T12:00:00Z')
const pickupAt = (msBeforeNow: number) => new Date(now - msBeforeNow).toISOString()

describe('when a no-show may be said', () => {
  it.each([
    ['two hours after the agreed pickup time', { pickup_at: pickupAt(2 * hour) }, true],
    ['a day after', { pickup_at: pickupAt(24 * hour) }, true],
    ['a minute short of two hours', { pickup_at: pickupAt(2 * hour - 60_000) }, false],
    ['before the pickup time', { pickup_at: pickupAt(-hour) }, false],
    ['with no agreed pickup time', { pickup_at: null }, false],
    ['from an answer saved before pickup times', { pickup_at: undefined }, false],
    ['once paid', { pickup_at: pickupAt(3 * hour), status: 'Paid' as const }, false],
    ['once cancelled', { pickup_at: pickupAt(3 * hour), status: 'Cancelled' as const }, false],
    ['once declined', { pickup_at: pickupAt(3 * hour), status: 'Declined' as const }, false],
  ])('%s: %s', (_name, overrides, expected) => {
    expect(noShowOpen(makeBooking(overrides), now)).toBe(expected)
  })
})

describe('NoShowButton', () => {
  afterEach(() => vi.useRealTimers())

  it('shows up on screen once the two hours have passed', () => {
    vi.useFakeTimers({ now, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const booking = makeBooking({ product: 'Oak chair', pickup_at: pickupAt(noShowAfter - hour) })
    render(<NoShowButton booking={booking} side="buyer" about="Oak chair" onClick={() => {}} />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(hour - 1))
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'The seller didn’t come: Oak chair' })).toHaveTextContent('The seller didn’t come')
  })

  it("names the other side: the seller says the buyer didn't come", () => {
    const booking = makeBooking({ pickup_at: new Date(Date.now() - 3 * hour).toISOString() })
    render(<NoShowButton booking={booking} side="seller" about="Bea, Oak chair" onClick={() => {}} />)
    expect(screen.getByRole('button', { name: 'The buyer didn’t come: Bea, Oak chair' })).toBeInTheDocument()
  })
})

describe('NoShowEnded', () => {
  it.each([
    ['buyer', 'buyer', 'Ended: the seller said you didn’t come'],
    ['buyer', 'seller', 'Ended: the seller didn’t come'],
    ['seller', 'buyer', 'Ended: the buyer didn’t come'],
    ['seller', 'seller', 'Ended: the buyer said you didn’t come'],
  ] as const)('to the %s, a no-show of the %s reads "%s"', (side, who, text) => {
    // The side it was counted against may answer it, through the server.
    const { container } = render(
      <QueryClientProvider client={createTestQueryClient()}>
        <NoShowEnded booking={makeBooking({ status: 'Declined', no_show: who })} side={side} />
      </QueryClientProvider>,
    )
    expect(container).toHaveTextContent(`No-show${text}`)
  })

  it('shows nothing for a booking that ended otherwise', () => {
    const { container } = render(<NoShowEnded booking={makeBooking({ status: 'Declined' })} side="buyer" />)
    expect(container).toBeEmptyDOMElement()
  })
})
