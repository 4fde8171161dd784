import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { RehomeDB } from '@/lib/offline/db'
import { buyer, makeMessage } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { MessageButton } from './message-button'

function setup(props: { conversationId?: number | null } = {}, handlers: MockRoutes = {}) {
  const fetch = mockApi({ 'GET /api/auth/me': () => json(buyer), ...handlers })
  const rendered = renderRoutes(
    [
      {
        path: '/products/7',
        element: <MessageButton label="Message the seller" about={{ about: 'product', id: 7 }} subject="Oak chair" {...props} />,
      },
      { path: '/dashboard/messages/:id', element: <p>the thread</p> },
      { path: '/login', element: <p>the login page</p> },
    ],
    '/products/7',
  )
  return { fetch, ...rendered }
}

describe('Message the seller', () => {
  it('writes the first message in a dialog, sends it with a key, then opens the thread', async () => {
    const { fetch, user, router } = setup(
      {},
      {
        'POST /api/products/:id/messages': () =>
          json(makeMessage({ id: 1, conversation_id: 12, text: 'Is it still there?' }), 201),
      },
    )
    await user.click(await screen.findByRole('button', { name: 'Message the seller' }))
    const dialog = screen.getByRole('dialog', { name: 'Message the seller' })
    expect(dialog).toHaveTextContent('About Oak chair')
    await user.type(within(dialog).getByLabelText('Your message'), 'Is it still there?{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/12'))
    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST') ?? []
    expect(url).toBe('/api/products/7/messages')
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Is it still there?' })
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("shows the server's refusal in the dialog", async () => {
    const { user } = setup({}, { 'POST /api/products/:id/messages': () => apiError(403, 'You cannot message yourself') })
    await user.click(await screen.findByRole('button', { name: 'Message the seller' }))
    await user.type(screen.getByLabelText('Your message'), 'Hello{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot message yourself')
  })

  it('opens the conversation there already is', async () => {
    setup({ conversationId: 12 })
    expect(await screen.findByRole('link', { name: 'Message the seller' })).toHaveAttribute('href', '/dashboard/messages/12')
  })

  it('leads a visitor to the login page, which comes back here', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    const { user, router } = renderRoutes(
      [
        {
          path: '/products/7',
          element: <MessageButton label="Message the seller" about={{ about: 'product', id: 7 }} subject="Oak chair" />,
        },
        { path: '/login', element: <p>the login page</p> },
      ],
      '/products/7',
    )
    await user.click(await screen.findByRole('link', { name: 'Message the seller' }))
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.state).toEqual({
      from: { pathname: '/products/7', search: '', hash: '' },
      reason: 'Log in to send a message',
    })
  })

  it('keeps a first message written offline in the outbox', async () => {
    const { user, offline } = setup()
    await user.click(await screen.findByRole('button', { name: 'Message the seller' }))
    act(() => reportUnreachable())
    await user.type(screen.getByLabelText('Your message'), 'Still there?{Enter}')
    expect(await screen.findByText('Saved — it will be sent when you are back online')).toBeInTheDocument()
    const db = new RehomeDB(offline.databaseName)
    const entries = await db.outbox.toArray()
    db.close()
    expect(entries.map((e) => [e.path, e.body, e.label])).toEqual([
      ['/products/7/messages', { text: 'Still there?' }, 'Oak chair'],
    ])
  })
})
