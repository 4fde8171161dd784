import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/testing/fake-event-source'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { waitLimit } from '@/testing/wait'
import { hiddenCloseDelay, listen, reconnectDelay } from './live-events'
import { authKeys, bookingKeys, conversationKeys, productKeys } from './query-keys'
import { liveChanges } from './refresh'

const keys: Record<string, QueryKey> = {
  list: conversationKeys.list(),
  unread: conversationKeys.unread(),
  thread3: conversationKeys.messages(3),
  thread4: conversationKeys.messages(4),
  detail3: conversationKeys.detail(3),
  orders: bookingKeys.list(),
  buyers: bookingKeys.onMyProducts(),
  product: productKeys.detail(5),
  category: productKeys.category('Chairs'),
}

let client: QueryClient
let stop: () => void

function invalidated(): string[] {
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  client = new QueryClient()
  for (const key of Object.values(keys)) client.setQueryData(key, { some: 'data' })
  stop = listen(client)
})

afterEach(() => {
  stop()
  vi.useRealTimers()
  setVisibility('visible')
})

function source() {
  const last = FakeEventSource.opened.at(-1)
  if (!last) throw new Error('no stream opened')
  return last
}

describe('live events', () => {
  it('opens /api/events', () => {
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events'])
  })

  it('listens for every change the server tells, and what it tells besides', () => {
    expect(source().listenedTo().sort()).toEqual([...liveChanges, 'unread', 'superseded', 'error'].sort())
  })

  it('refetches the conversations, that thread and the unread count on a message', () => {
    source().emit('message', { conversation_id: 3, message_id: 9 })
    expect(invalidated()).toEqual(['list', 'unread', 'thread3', 'detail3'])
  })

  it('refetches orders, buyers, products, conversations and the new bookings count on a booking', () => {
    source().emit('booking', { booking_id: 9, product_id: 5 })
    expect(invalidated()).toEqual(['list', 'unread', 'detail3', 'orders', 'buyers', 'product', 'category'])
  })

  it('sets the unread count, keeping the new bookings', () => {
    client.setQueryData(conversationKeys.unread(), { unread: 1, bookings: 2 })
    source().emit('unread', { unread: 4 })
    expect(client.getQueryData(conversationKeys.unread())).toEqual({ unread: 4, bookings: 2 })
    expect(invalidated()).toEqual([])
  })

  it('leaves the counts to their own fetch until there are some', () => {
    client.removeQueries({ queryKey: conversationKeys.unread() })
    source().emit('unread', { unread: 4 })
    expect(client.getQueryData(conversationKeys.unread())).toBeUndefined()
  })

  it('refetches everything on reset', () => {
    source().emit('reset', {})
    expect(invalidated()).toEqual(Object.keys(keys))
  })

  it('ignores what it does not know', () => {
    source().emit('weather', { sunny: true })
    source().emit('unread', { unread: 'many' })
    expect(invalidated()).toEqual([])
    expect(client.getQueryData(conversationKeys.unread())).toEqual({ some: 'data' })
  })

  it('closes when stopped', () => {
    stop()
    expect(source().closed).toBe(true)
  })

  it('frees the connection when the tab stays hidden, and catches up when shown', () => {
    vi.useFakeTimers()
    setVisibility('hidden')
    vi.advanceTimersByTime(hiddenCloseDelay - 1)
    expect(source().closed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(source().closed).toBe(true)
    setVisibility('visible')
    expect(FakeEventSource.opened).toHaveLength(2)
    expect(source().closed).toBe(false)
    expect(invalidated()).toEqual(Object.keys(keys))
  })

  it('stops when a newer stream took its place, and reconnects only when the tab is shown again', () => {
    source().emit('superseded', {})
    expect(source().closed).toBe(true)
    expect(FakeEventSource.opened).toHaveLength(1)
    setVisibility('hidden')
    expect(FakeEventSource.opened).toHaveLength(1)
    setVisibility('visible')
    expect(FakeEventSource.opened).toHaveLength(2)
    expect(source().closed).toBe(false)
    expect(invalidated()).toEqual(Object.keys(keys))
  })

  it('keeps the stream when the tab is shown again soon', () => {
    vi.useFakeTimers()
    setVisibility('hidden')
    vi.advanceTimersByTime(1000)
    setVisibility('visible')
    vi.advanceTimersByTime(hiddenCloseDelay)
    expect(FakeEventSource.opened).toHaveLength(1)
    expect(source().closed).toBe(false)
  })

  it('closes as Log Out starts, and opens none while it runs', async () => {
    vi.useFakeTimers()
    client.setQueryData(authKeys.me(), buyer)
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    source().emit('error', {})
    await vi.advanceTimersByTimeAsync(0)
    let answer: () => void = () => {}
    const signingOut = client
      .getMutationCache()
      .build(client, { mutationKey: authKeys.signOut(), mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) })
      .execute(undefined)
    await vi.advanceTimersByTimeAsync(reconnectDelay * 10)
    setVisibility('hidden')
    setVisibility('visible')
    expect(FakeEventSource.opened).toHaveLength(1)
    answer()
    await signingOut
  })

  it('opens the stream again when Log Out fails', async () => {
    const signingOut = client
      .getMutationCache()
      .build(client, { mutationKey: authKeys.signOut(), mutationFn: () => Promise.reject(new Error('offline')) })
      .execute(undefined)
    await expect(signingOut).rejects.toThrow('offline')
    expect(FakeEventSource.opened.map((s) => s.closed)).toEqual([true, false])
  })

  it('closes the open stream as Log Out starts', () => {
    void client
      .getMutationCache()
      .build(client, { mutationKey: authKeys.signOut(), mutationFn: () => new Promise<void>(() => {}) })
      .execute(undefined)
    expect(source().closed).toBe(true)
  })

  describe('when the stream fails', () => {
    beforeEach(() => {
      vi.useFakeTimers()
      client.setQueryData(authKeys.me(), buyer)
    })

    it('asks whether the session holds, and signed out elsewhere, opens it no more', async () => {
      const fetch = mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
      source().emit('error', {})
      expect(source().closed).toBe(true)
      await vi.waitFor(() => expect(client.getQueryData(authKeys.me())).toBeNull(), { timeout: waitLimit })
      await vi.advanceTimersByTimeAsync(reconnectDelay * 10)
      expect(FakeEventSource.opened).toHaveLength(1)
      expect(fetch).toHaveBeenCalledTimes(1)
    })

    it('reopens from the last event it had once the session is known to hold', async () => {
      mockApi({ 'GET /api/auth/me': () => json(buyer) })
      source().emit('message', { conversation_id: 3 }, '7')
      source().emit('error', {})
      await vi.advanceTimersByTimeAsync(reconnectDelay - 1)
      expect(FakeEventSource.opened).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(FakeEventSource.opened.map((s) => [s.url, s.closed])).toEqual([
        ['/api/events', true],
        ['/api/events?last_event_id=7', false],
      ])
      expect(client.getQueryData(authKeys.me())).toEqual(buyer)
    })

    it('offline, is not signed out and tries again later', async () => {
      mockApi({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) })
      source().emit('error', {})
      await vi.advanceTimersByTimeAsync(reconnectDelay)
      expect(FakeEventSource.opened).toHaveLength(2)
      expect(client.getQueryData(authKeys.me())).toEqual(buyer)
    })

    it('while this browser renews its own session, asks only once the new cookie has come', async () => {
      const fetch = mockApi({ 'GET /api/auth/me': () => json(buyer) })
      let answerRenewal: (user: typeof buyer) => void = () => {}
      const renewal = client
        .getMutationCache()
        .build(client, {
          mutationKey: authKeys.renewal(),
          mutationFn: () => new Promise<typeof buyer>((resolve) => (answerRenewal = resolve)),
        })
        .execute(undefined)
      source().emit('error', {})
      await vi.advanceTimersByTimeAsync(reconnectDelay * 10)
      expect(fetch).not.toHaveBeenCalled()
      expect(FakeEventSource.opened).toHaveLength(1)

      answerRenewal(buyer)
      await renewal
      await vi.advanceTimersByTimeAsync(reconnectDelay)
      expect(fetch).toHaveBeenCalledTimes(1)
      expect(FakeEventSource.opened).toHaveLength(2)
    })

    it('reopens nothing once stopped', async () => {
      mockApi({ 'GET /api/auth/me': () => json(buyer) })
      source().emit('error', {})
      stop()
      await vi.advanceTimersByTimeAsync(reconnectDelay * 10)
      expect(FakeEventSource.opened).toHaveLength(1)
    })
  })
})
