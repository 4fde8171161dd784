import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { conversationKeys } from '@/lib/query-keys'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('unread badge', () => {
  it('shows the unread count in the top bar, named for screen readers, and leads to Messages', async () => {
    let unread = 3
    mockApi({ 'GET /api/auth/me': () => json(buyer), 'GET /api/conversations/unread': () => json({ unread }) })
    const { queryClient } = await renderApp('/blogs')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const badge = await within(nav).findByRole('link', { name: 'Messages, 3 unread' })
    expect(badge).toHaveAttribute('href', '/dashboard/messages')
    expect(badge).toHaveTextContent('3')

    // A live event sets it.
    unread = 0
    act(() => queryClient.setQueryData(conversationKeys.unread(), { unread: 0 }))
    expect(await within(nav).findByRole('link', { name: 'Messages' })).not.toHaveTextContent(/\d/)
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
