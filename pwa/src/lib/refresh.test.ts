import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@/testing/fake-event-source'
import { listen } from './live-events'
import {
  advertisedKeys,
  authKeys,
  blockKeys,
  bookingKeys,
  buyerKeys,
  categoryKeys,
  conversationKeys,
  postKeys,
  productKeys,
  reportKeys,
  reviewKeys,
  sellerKeys,
  sessionKeys,
  siteKeys,
  userKeys,
} from './query-keys'
import { echoWait, followStream, keysOf, liveChanges, refresh, refreshAfterWrite, refreshes, type Change } from './refresh'

// One query of each screen that a change may refresh.
const screens: Record<string, QueryKey> = {
  conversations: conversationKeys.list(),
  unread: conversationKeys.unread(),
  conversation3: conversationKeys.detail(3),
  conversation4: conversationKeys.detail(4),
  thread3: conversationKeys.messages(3),
  thread4: conversationKeys.messages(4),
  orders: bookingKeys.list(),
  buyers: bookingKeys.onMyProducts(),
  product5: productKeys.detail(5),
  product6: productKeys.detail(6),
  category: productKeys.category('Chairs'),
  adverts: advertisedKeys.list(8),
  reports: reportKeys.list(),
  users: userKeys.list(),
  buyerAccounts: buyerKeys.list(),
  sellerAccounts: sellerKeys.list(),
  sellerPage: sellerKeys.profile(2),
  sellerReviews: reviewKeys.ofUser(2),
  categories: categoryKeys.list(),
  posts: postKeys.list(),
  post: postKeys.detail('hello'),
  site: siteKeys.settings(),
  synonyms: siteKeys.synonyms(),
  sessions: sessionKeys.list(),
  me: authKeys.me(),
  blocks: blockKeys.list(),
}

let client: QueryClient

beforeEach(() => {
  client = new QueryClient()
  for (const key of Object.values(screens)) client.setQueryData(key, { some: 'data' })
})

function refreshed(): string[] {
  return Object.entries(screens)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
}

const conversations = ['conversations', 'unread']
const bookings = ['orders', 'buyers']
const listings = ['product5', 'product6', 'category', 'adverts']
const accounts = ['users', 'buyerAccounts', 'sellerAccounts', 'sellerPage']

describe('what a change refreshes', () => {
  it.each<[string, Change, string[]]>([
    ['a message', { kind: 'message', conversation_id: 3 }, [...conversations, 'conversation3', 'thread3']],
    [
      'a message in a conversation it does not name',
      { kind: 'message' },
      [...conversations, 'conversation3', 'conversation4', 'thread3', 'thread4'],
    ],
    [
      'a booking',
      { kind: 'booking', booking_id: 9, product_id: 5 },
      [...conversations, 'conversation3', 'conversation4', ...bookings, ...listings],
    ],
    [
      'a reset',
      { kind: 'reset' },
      [...conversations, 'conversation3', 'conversation4', 'thread3', 'thread4', ...bookings, ...listings],
    ],
    [
      'a first message',
      { kind: 'conversation.started', conversation_id: 3 },
      [...conversations, 'conversation3', 'thread3', ...bookings],
    ],
    [
      'an accepted pickup time',
      { kind: 'pickup.accepted', conversation_id: 3 },
      [...conversations, 'conversation3', 'conversation4', 'thread3', ...bookings, ...listings],
    ],
    ['a thread read', { kind: 'conversation.read', conversation_id: 3 }, ['conversations', 'conversation3']],
    ['My Buyers seen', { kind: 'bookings.seen' }, ['unread']],
    ['a refused booking', { kind: 'booking.refused', product_id: 5 }, ['product5']],
    [
      'a handover',
      { kind: 'booking.handedover', booking_id: 9, product_id: 5 },
      [...conversations, 'conversation3', 'conversation4', ...bookings, ...listings, 'sellerAccounts', 'sellerPage'],
    ],
    [
      'a review',
      { kind: 'review.written', booking_id: 9 },
      [
        ...conversations,
        'conversation3',
        'conversation4',
        ...bookings,
        ...listings,
        'sellerAccounts',
        'sellerPage',
        'sellerReviews',
      ],
    ],
    [
      'a no-show',
      { kind: 'booking.noshow', booking_id: 9, product_id: 5 },
      [...conversations, 'conversation3', 'conversation4', ...bookings, ...listings, 'sellerAccounts', 'sellerPage'],
    ],
    ['a new product', { kind: 'product.created' }, ['product5', 'product6', 'category']],
    ['an edited product', { kind: 'product.updated' }, listings],
    ['a deleted product', { kind: 'product.deleted' }, listings],
    ['an advert', { kind: 'product.advertised' }, listings],
    ['a report', { kind: 'product.reported' }, ['reports']],
    ['a report of a person, a message or a review', { kind: 'person.reported' }, ['reports']],
    ['a dismissed report', { kind: 'report.dismissed' }, ['reports']],
    ['a removed listing', { kind: 'listing.removed' }, [...bookings, ...listings, 'reports']],
    ['a new admin', { kind: 'account.changed' }, accounts],
    ['a verified seller', { kind: 'seller.verified' }, ['product5', 'product6', 'category', ...accounts]],
    ['a deleted account', { kind: 'account.deleted' }, [...bookings, ...listings, 'reports', ...accounts]],
    ['a suspension', { kind: 'account.suspended' }, [...accounts, ...listings]],
    [
      'a block, which cancels the bookings between the two',
      { kind: 'person.blocked' },
      ['blocks', ...conversations, 'conversation3', 'conversation4', ...bookings, ...listings],
    ],
    ['a new category', { kind: 'category.created' }, ['categories']],
    ['a renamed category', { kind: 'category.edited' }, ['categories', ...listings]],
    ['a saved post', { kind: 'post.saved' }, ['posts']],
    ['a deleted post', { kind: 'post.deleted' }, ['posts']],
    ['the site settings', { kind: 'site.updated' }, ['site', 'synonyms']],
    ['the synonyms', { kind: 'synonyms.updated' }, ['synonyms']],
    ['ended sessions', { kind: 'sessions.ended' }, ['sessions']],
    ['a confirmed email', { kind: 'email.confirmed' }, ['me']],
  ])('%s refreshes exactly its queries', async (_name, change, expected) => {
    await refresh(client, change)
    expect(refreshed().sort()).toEqual([...expected].sort())
  })

  it('has an entry for every change the live events tell', () => {
    for (const kind of liveChanges) expect(refreshes).toHaveProperty(kind)
  })

  it("leaves to a write's echo only queries the write refreshes", () => {
    const data = { conversation_id: 3, booking_id: 9, product_id: 5 }
    for (const [kind, { echo = [] }] of Object.entries(refreshes)) {
      const own = new Set(keysOf({ ...data, kind } as Change).map(hashKey))
      for (const echoed of echo) {
        for (const key of keysOf({ ...data, kind: echoed } as Change))
          expect(own, `${kind} echoed as ${echoed}`).toContain(hashKey(key))
      }
    }
  })
})

describe('after a write', () => {
  it('refreshes everything while no live stream is open', async () => {
    await refreshAfterWrite(client, { kind: 'conversation.started', conversation_id: 3 })
    expect(refreshed().sort()).toEqual([...conversations, 'conversation3', 'thread3', ...bookings].sort())
  })

  it('leaves to the open stream what its echo refreshes', async () => {
    const stop = followStream(client, () => true)
    await refreshAfterWrite(client, { kind: 'conversation.started', conversation_id: 3 })
    expect(refreshed()).toEqual(bookings)
    stop()
  })

  it('refreshes everything again once the stream is no longer followed', async () => {
    followStream(client, () => true)()
    await refreshAfterWrite(client, { kind: 'message', conversation_id: 3 })
    expect(refreshed()).toEqual([...conversations, 'conversation3', 'thread3'])
  })

  it('refreshes what has no echo even while the stream is open', async () => {
    const stop = followStream(client, () => true)
    await refreshAfterWrite(client, { kind: 'product.updated' })
    expect(refreshed()).toEqual(listings)
    stop()
  })

  describe('when the echo is lost', () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    it('refreshes what the echo should have, echoWait later', async () => {
      const stop = followStream(client, () => true)
      await refreshAfterWrite(client, { kind: 'message', conversation_id: 3 })
      expect(refreshed()).toEqual([])
      await vi.advanceTimersByTimeAsync(echoWait - 1)
      expect(refreshed()).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(refreshed()).toEqual([...conversations, 'conversation3', 'thread3'])
      stop()
    })

    it("refreshes data from the write's own millisecond: it may predate the write", async () => {
      const stop = followStream(client, () => true)
      await refreshAfterWrite(client, { kind: 'message', conversation_id: 3 })
      for (const key of keysOf({ kind: 'message', conversation_id: 3 })) client.setQueryData(key, { some: 'data' })
      await vi.advanceTimersByTimeAsync(echoWait)
      expect(refreshed()).toEqual([...conversations, 'conversation3', 'thread3'])
      stop()
    })

    it('leaves alone what the echo refreshed', async () => {
      const stop = followStream(client, () => true)
      await refreshAfterWrite(client, { kind: 'message', conversation_id: 3 })
      await refresh(client, { kind: 'message', conversation_id: 3 })
      await vi.advanceTimersByTimeAsync(1)
      // Refetched: fresh again.
      for (const key of keysOf({ kind: 'message', conversation_id: 3 })) client.setQueryData(key, { some: 'data' })
      await vi.advanceTimersByTimeAsync(echoWait - 1)
      expect(refreshed()).toEqual([])
      stop()
    })
  })

  describe('with the live events followed', () => {
    let stop: () => void
    beforeEach(() => {
      FakeEventSource.opened = []
      vi.stubGlobal('EventSource', FakeEventSource)
      stop = listen(client)
    })
    afterEach(() => stop())

    it('refreshes everything while the stream connects', async () => {
      await refreshAfterWrite(client, { kind: 'booking', booking_id: 9 })
      expect(refreshed()).toEqual([...conversations, 'conversation3', 'conversation4', ...bookings, ...listings])
    })

    it('leaves it to the echo once the stream is open', async () => {
      FakeEventSource.opened[0]?.connect()
      await refreshAfterWrite(client, { kind: 'booking', booking_id: 9 })
      expect(refreshed()).toEqual([])
    })

    it('refreshes everything once the stream has failed', async () => {
      const source = FakeEventSource.opened[0]
      source?.connect()
      source?.close()
      await refreshAfterWrite(client, { kind: 'message', conversation_id: 3 })
      expect(refreshed()).toEqual([...conversations, 'conversation3', 'thread3'])
    })
  })
})
