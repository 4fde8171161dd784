import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { conversationKeys } from '@/lib/query-keys'
import { buyer, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('unread badge', () => {
  it('shows the unread count in the top bar, named for screen readers, and leads to Messages', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer), 'GET /api/conversations/unread': () => json({ unread: 3, bookings: 0 }) })
    const { queryClient } = await renderApp('/blogs')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const badge = await within(nav).findByRole('link', { name: '3 unread messages' })
    expect(badge).toHaveAttribute('href', '/dashboard/messages')
    expect(badge).toHaveTextContent('3')

    // A live event sets it.
    act(() => queryClient.setQueryData(conversationKeys.unread(), { unread: 1, bookings: 0 }))
    expect(await within(nav).findByRole('link', { name: '1 unread message' })).toHaveTextContent('1')
    act(() => queryClient.setQueryData(conversationKeys.unread(), { unread: 0, bookings: 0 }))
    expect(await within(nav).findByRole('link', { name: 'Messages' })).not.toHaveTextContent(/\d/)
  })

  it.each([
    { unread: 2, bookings: 1, name: '2 unread messages, 1 new booking', href: '/dashboard/messages', shown: '3' },
    { unread: 1, bookings: 3, name: '1 unread message, 3 new bookings', href: '/dashboard/messages', shown: '4' },
    // Only bookings are new: the seller is led to them.
    { unread: 0, bookings: 1, name: '1 new booking', href: '/dashboard/mybuyers', shown: '1' },
    { unread: 0, bookings: 2, name: '2 new bookings', href: '/dashboard/mybuyers', shown: '2' },
  ])('counts a seller’s new bookings with the messages: $name', async ({ unread, bookings, name, href, shown }) => {
    mockApi({ 'GET /api/auth/me': () => json(seller), 'GET /api/conversations/unread': () => json({ unread, bookings }) })
    await renderApp('/blogs')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const badge = await within(nav).findByRole('link', { name })
    expect(badge).toHaveAttribute('href', href)
    expect(badge).toHaveTextContent(shown)
  })

  it.each([
    { language: 'de', name: '1 ungelesene Nachricht, 2 neue Buchungen' },
    { language: 'fr', name: '1 message non lu, 2 nouvelles réservations' },
  ] as const)('says both in the person’s language: $language', async ({ language, name }) => {
    mockApi({
      'GET /api/auth/me': () => json({ ...seller, language }),
      'GET /api/conversations/unread': () => json({ unread: 1, bookings: 2 }),
    })
    await renderApp('/blogs')
    await screen.findByRole('link', { name })
  })

  it('is not there, nor asked for, for a visitor', async () => {
    const fetch = mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    await renderApp('/blogs')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await within(nav).findByRole('link', { name: 'Log In' })
    expect(within(nav).queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/conversations/unread', expect.anything())
  })
})
