import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { setLanguage } from '@/lib/i18n'
import type { Message } from '@/testing/fixtures'
import { buyer, list, makeConversation, makeMessage, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { conversationKeys } from '@/lib/query-keys'
import { textParts } from '../components/message-text'
import { MessagesRoute } from './messages'

const routes = [
  { path: '/dashboard/messages', element: <MessagesRoute /> },
  { path: '/dashboard/messages/:id', element: <MessagesRoute /> },
]

const conversation = makeConversation({ id: 3, unread: 2 })

function setup(path: string, handlers: MockRoutes = {}) {
  const fetch = mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/conversations': () => json(list([conversation])),
    'GET /api/conversations/:id': () => json(conversation),
    'GET /api/conversations/:id/messages': () =>
      json(list([makeMessage({ id: 1 }), makeMessage({ id: 2, mine: false, sender_id: seller.id })])),
    ...handlers,
  })
  return { fetch, ...renderRoutes(routes, path) }
}

function readCalls(fetch: ReturnType<typeof mockApi>) {
  return fetch.mock.calls.filter(([url, init]) => url === '/api/conversations/3/read' && init?.method === 'POST').length
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => setVisibility('visible'))

function sentBodies(fetch: ReturnType<typeof mockApi>, path: string) {
  return fetch.mock.calls
    .filter(([url, init]) => url === path && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)),
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }))
}

describe('Messages', () => {
  it('lists each conversation: the other person, the product, the last message, its time and the unread count', async () => {
    setup('/dashboard/messages')
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument()
    const item = await screen.findByRole('link', { name: /Sam Seller/ })
    expect(item).toHaveAttribute('href', '/dashboard/messages/3')
    expect(item).toHaveTextContent('Oak table')
    expect(item).toHaveTextContent('It fits in a car')
    expect(item).toHaveTextContent('2 unread')
    expect(item.querySelector('img')).toHaveAttribute('src', '/images/table-thumb.jpg')
    expect(item.querySelector('time')).toHaveAttribute('datetime', '2026-11-25T10:09:00Z')
  })

  it('says so when there are none', async () => {
    setup('/dashboard/messages', { 'GET /api/conversations': () => json(list([])) })
    expect(await screen.findByText('No messages yet')).toBeInTheDocument()
  })

  it('shows the thread oldest first beside the list, and says who wrote what', async () => {
    setup('/dashboard/messages/3')
    const thread = await screen.findByRole('list', { name: 'Messages' })
    await within(thread).findByText('Message 2')
    const texts = within(thread)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(texts[0]).toContain('Message 1')
    expect(texts[0]).toContain('You,')
    expect(texts[1]).toContain('Message 2')
    expect(texts[1]).toContain('Sam Seller,')
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/dashboard/messages')
    expect(screen.getByRole('link', { name: 'Oak table' })).toHaveAttribute('href', '/products/5')
  })

  it('loads earlier messages before the oldest one shown', async () => {
    const all = Array.from({ length: 60 }, (_, i) => makeMessage({ id: i + 1 }))
    const { fetch, user } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id/messages': ({ url }) => {
        const before = Number(url.searchParams.get('before') ?? Infinity)
        const older = all.filter((m) => m.id < before)
        return json(list(older.slice(-50), all.length))
      },
    })
    await screen.findByText('Message 60')
    expect(screen.queryByText('Message 10')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }))
    await screen.findByText('Message 10')
    expect(fetch).toHaveBeenCalledWith('/api/conversations/3/messages?limit=50&before=11', expect.anything())
    const texts = within(screen.getByRole('list', { name: 'Messages' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '')
      .filter(Boolean)
    expect(texts[0]).toMatch(/^Message 1You/)
    expect(texts.at(-1)).toContain('Message 60')
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument()
  })

  it('sends on Enter, with a key, and keeps Shift+Enter for a new line', async () => {
    const sent: Message[] = []
    const { fetch, user } = setup('/dashboard/messages/3', {
      'POST /api/conversations/:id/messages': ({ body }) => {
        const message = makeMessage({ id: 50, text: (body as { text: string }).text })
        sent.push(message)
        return json(message, 201)
      },
    })
    const box = await screen.findByLabelText('Message to Sam Seller')
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}there')
    expect(box).toHaveValue('Hello\nthere')
    expect(sent).toHaveLength(0)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(sent).toHaveLength(1))
    const [request] = sentBodies(fetch, '/api/conversations/3/messages')
    expect(request?.body).toEqual({ text: 'Hello\nthere' })
    expect(request?.key).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('counts the characters near the 2,000 limit and stops there', async () => {
    const { user } = setup('/dashboard/messages/3')
    const box = await screen.findByLabelText('Message to Sam Seller')
    expect(box).toHaveAttribute('maxlength', '2000')
    await user.click(box)
    await user.paste('a'.repeat(1799))
    expect(screen.queryByText(/\/ 2,000/)).not.toBeInTheDocument()
    await user.type(box, 'b')
    expect(screen.getByText('1,800 / 2,000')).toBeInTheDocument()
  })

  it('shows the server refusing a message', async () => {
    const { user } = setup('/dashboard/messages/3', {
      'POST /api/conversations/:id/messages': () => apiError(429, 'Too many messages, wait a minute'),
    })
    await user.type(await screen.findByLabelText('Message to Sam Seller'), 'Hi{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages, wait a minute')
  })

  it('shows text as text, with only http(s) addresses made links that open apart', async () => {
    setup('/dashboard/messages/3', {
      'GET /api/conversations/:id/messages': () =>
        json(list([makeMessage({ id: 1, text: '<b>bold</b> see https://example.org/a?b=1. or javascript:alert(1)' })])),
    })
    const link = await screen.findByRole('link', { name: 'https://example.org/a?b=1' })
    expect(link).toHaveAttribute('href', 'https://example.org/a?b=1')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByText(/<b>bold<\/b> see/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument()
  })

  it('proposes a pickup time in UTC while the booking is open', async () => {
    const { fetch, user } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id': () => json({ ...conversation, booking: { id: 9, status: 'Booked', pickup_at: null } }),
      'POST /api/conversations/:id/messages': () =>
        json(makeMessage({ id: 70, text: '', pickup_at: '2030-06-01T08:30:00Z' }), 201),
    })
    await user.click(await screen.findByText('Propose a pickup time'))
    const input = screen.getByLabelText('Pickup time')
    expect(input).toHaveAttribute('type', 'datetime-local')
    await user.type(input, '2030-06-01T10:30')
    await user.click(screen.getByRole('button', { name: 'Propose pickup' }))
    await waitFor(() => expect(sentBodies(fetch, '/api/conversations/3/messages')).toHaveLength(1))
    const [request] = sentBodies(fetch, '/api/conversations/3/messages')
    expect(request?.body).toEqual({ text: '', pickup_at: new Date('2030-06-01T10:30').toISOString() })
  })

  it('offers no pickup without an open booking', async () => {
    setup('/dashboard/messages/3', {
      'GET /api/conversations/:id': () => json({ ...conversation, booking: { id: 9, status: 'Declined', pickup_at: null } }),
    })
    await screen.findByText('Message 1')
    expect(screen.queryByText('Propose a pickup time')).not.toBeInTheDocument()
  })

  it("accepts the other side's proposal, and shows an accepted one as such", async () => {
    const proposal = makeMessage({ id: 4, mine: false, sender_id: seller.id, text: '', pickup_at: '2030-06-01T08:30:00Z' })
    let accepted = false
    const { fetch, user } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id': () => json({ ...conversation, booking: { id: 9, status: 'Booked', pickup_at: null } }),
      'GET /api/conversations/:id/messages': () =>
        json(list([{ ...proposal, accepted }, makeMessage({ id: 5, text: '', pickup_at: '2030-06-02T08:30:00Z' })])),
      'POST /api/conversations/:id/messages/:messageId/accept': () => {
        accepted = true
        return json({ ...proposal, accepted: true })
      },
    })
    expect(await screen.findByText('Sam Seller proposed a pickup')).toBeInTheDocument()
    expect(screen.getByText('You proposed a pickup')).toBeInTheDocument()
    expect(screen.getByText('Waiting for Sam Seller to answer')).toBeInTheDocument()
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(proposal.pickup_at!),
    )
    expect(screen.getAllByRole('button', { name: /^Accept/ })).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: `Accept pickup at ${when}` }))
    expect(fetch).toHaveBeenCalledWith('/api/conversations/3/messages/4/accept', expect.objectContaining({ method: 'POST' }))
    expect(await screen.findByText('Accepted')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument()
  })

  it("declines the other side's proposal, and shows a declined or superseded one as such", async () => {
    const proposal = makeMessage({ id: 4, mine: false, sender_id: seller.id, text: '', pickup_at: '2030-06-01T08:30:00Z' })
    const older = makeMessage({
      id: 3,
      mine: false,
      sender_id: seller.id,
      text: '',
      pickup_at: '2030-05-01T08:30:00Z',
      superseded: true,
    })
    let declined = false
    const { fetch, user } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id': () => json({ ...conversation, booking: { id: 9, status: 'Booked', pickup_at: null } }),
      'GET /api/conversations/:id/messages': () => json(list([older, { ...proposal, declined }])),
      'POST /api/conversations/:id/messages/:messageId/decline': () => {
        declined = true
        return json({ ...proposal, declined: true })
      },
    })
    expect(await screen.findByText('Another time was proposed after this one')).toBeInTheDocument()
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(proposal.pickup_at!),
    )
    // Only the newest proposal can be answered.
    expect(screen.getAllByRole('button', { name: /^Decline pickup/ })).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: `Decline pickup at ${when}` }))
    expect(fetch).toHaveBeenCalledWith('/api/conversations/3/messages/4/decline', expect.objectContaining({ method: 'POST' }))
    expect(await screen.findByText('Declined')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Accept|Decline) pickup/ })).not.toBeInTheDocument()
  })

  it('answers a proposal with another time: the proposal form opens, its time focused', async () => {
    const proposal = makeMessage({ id: 4, mine: false, sender_id: seller.id, text: '', pickup_at: '2030-06-01T08:30:00Z' })
    const { fetch, user } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id': () => json({ ...conversation, booking: { id: 9, status: 'Booked', pickup_at: null } }),
      'GET /api/conversations/:id/messages': () => json(list([proposal])),
      'POST /api/conversations/:id/messages': () =>
        json(makeMessage({ id: 70, text: '', pickup_at: '2030-06-02T08:30:00Z' }), 201),
    })
    await user.click(await screen.findByRole('button', { name: 'Suggest another time' }))
    const input = screen.getByLabelText('Pickup time')
    expect(input).toHaveFocus()
    await user.type(input, '2030-06-02T10:30')
    await user.click(screen.getByRole('button', { name: 'Propose pickup' }))
    await waitFor(() => expect(sentBodies(fetch, '/api/conversations/3/messages')).toHaveLength(1))
    expect(sentBodies(fetch, '/api/conversations/3/messages')[0]?.body).toEqual({
      text: '',
      pickup_at: new Date('2030-06-02T10:30').toISOString(),
    })
  })

  it('keeps a message written offline in the outbox and shows it as waiting to send', async () => {
    const { fetch, user } = setup('/dashboard/messages/3')
    const box = await screen.findByLabelText('Message to Sam Seller')
    await screen.findByText('Message 2')
    act(() => reportUnreachable())
    await user.type(box, 'See you at six{Enter}')
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument()
    expect(screen.getByText('See you at six')).toBeInTheDocument()
    expect(sentBodies(fetch, '/api/conversations/3/messages')).toHaveLength(0)
    expect(box).toHaveValue('')
  })

  it('marks the thread read when it opens, and the badge takes the count the server answers, keeping the new bookings', async () => {
    const { fetch, queryClient } = setup('/dashboard/messages/3', {
      'POST /api/conversations/:id/read': () => json({ unread: 4 }),
    })
    queryClient.setQueryData(conversationKeys.unread(), { unread: 5, bookings: 1 })
    await screen.findByText('Message 2')
    await waitFor(() => expect(readCalls(fetch)).toBe(1))
    await waitFor(() => expect(queryClient.getQueryData(conversationKeys.unread())).toEqual({ unread: 4, bookings: 1 }))
    const reads = fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/conversations/3/messages'))
    expect(reads.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true)
  })

  it('marks read again when a message from the other side arrives while the thread is on screen', async () => {
    let messages = [makeMessage({ id: 1 }), makeMessage({ id: 2, mine: false, sender_id: seller.id })]
    const { fetch, queryClient } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id/messages': () => json(list(messages)),
      'POST /api/conversations/:id/read': () => json({ unread: 0 }),
    })
    await waitFor(() => expect(readCalls(fetch)).toBe(1))
    messages = [...messages, makeMessage({ id: 3, mine: true })]
    await act(() => queryClient.invalidateQueries({ queryKey: conversationKeys.messages(3) }))
    await screen.findByText('Message 3')
    expect(readCalls(fetch)).toBe(1)
    messages = [...messages, makeMessage({ id: 4, mine: false, sender_id: seller.id })]
    await act(() => queryClient.invalidateQueries({ queryKey: conversationKeys.messages(3) }))
    await screen.findByText('Message 4')
    await waitFor(() => expect(readCalls(fetch)).toBe(2))
  })

  it('waits for a hidden page to be shown before marking read', async () => {
    setVisibility('hidden')
    const { fetch } = setup('/dashboard/messages/3', {
      'POST /api/conversations/:id/read': () => json({ unread: 0 }),
    })
    await screen.findByText('Message 2')
    expect(readCalls(fetch)).toBe(0)
    act(() => setVisibility('visible'))
    await waitFor(() => expect(readCalls(fetch)).toBe(1))
  })

  it('does not mark read a thread with nothing from the other side', async () => {
    const { fetch } = setup('/dashboard/messages/3', {
      'GET /api/conversations/:id/messages': () => json(list([makeMessage({ id: 1 })])),
    })
    await screen.findByText('Message 1')
    expect(readCalls(fetch)).toBe(0)
  })

  it('opens a thread alone on a phone, the list hidden, and the list alone without one', async () => {
    setup('/dashboard/messages/3')
    await screen.findByText('Message 1')
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toHaveClass('max-md:hidden')
  })
})

describe('message text', () => {
  it('splits out http(s) addresses, leaving sentence punctuation outside', () => {
    expect(textParts('Look: https://a.example/x, and http://b.example.')).toEqual([
      { text: 'Look: ' },
      { text: 'https://a.example/x', href: 'https://a.example/x' },
      { text: ', and ' },
      { text: 'http://b.example', href: 'http://b.example' },
      { text: '.' },
    ])
    expect(textParts('ftp://x.example javascript:alert(1) www.example.org')).toEqual([
      { text: 'ftp://x.example javascript:alert(1) www.example.org' },
    ])
  })
})

describe('Messages in German', () => {
  it('shows the list, the thread and the composer in German, and no English', async () => {
    await setLanguage('de')
    setup('/dashboard/messages/3')
    expect(screen.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeInTheDocument()
    // The thread's header links the seller's name too.
    const item = await within(screen.getByRole('navigation', { name: 'Unterhaltungen' })).findByRole('link', {
      name: /Sam Seller/,
    })
    expect(item).toHaveTextContent('2 ungelesen')
    const thread = await screen.findByRole('list', { name: 'Nachrichten' })
    await within(thread).findByText('Message 2')
    expect(within(thread).getAllByRole('listitem')[0]).toHaveTextContent('Du,')
    expect(screen.getByRole('navigation', { name: 'Unterhaltungen' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zurück zu den Nachrichten' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Unterhaltung mit Sam Seller über Oak table' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nachricht an Sam Seller')).toBeInTheDocument()
    for (const text of ['Messages', 'Back to messages', '2 unread']) expect(screen.queryByText(text)).not.toBeInTheDocument()
  })
})
