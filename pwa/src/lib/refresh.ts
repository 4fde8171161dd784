// Which queries each kind of change refreshes, in one table: the mutation
// hooks, the outbox (a write sent later) and the live events (a change told by
// the server) all refresh through it, so a screen is refreshed by a change
// however this tab learns of it. The kinds the server's live events name
// (GET /api/events: `message`, `booking`, `reset`) are spelled as it spells
// them; the others name the write that made them.
//
// The sender's tab refreshes once per write. Once a write has committed, the
// server tells every open stream of the writer what it changed, this tab's
// too: while this tab's stream is open, that echo is on its way (or already
// came), and a stream that fails meanwhile reopens from the last event it had,
// so the server replays it. So a write that went through leaves to its echo
// the queries the echo refreshes, and refreshes only the rest itself; with no
// stream open (a hidden tab's, one that failed, no EventSource) it refreshes
// them all, and a refused write has no echo.
// The echo is not certain, though: an event the server could not publish (its
// database too busy to number it in time) is logged and lost. So echoWait after
// the write, whatever the echo should have refreshed and nothing has since is
// refreshed then: late, but never missing.
// Marking each write and skipping its echo instead would need the echo to name
// the write (a booking's events name only the booking, several times over its
// life) and to forget marks whose echo never came.
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
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
  pushKeys,
  reportKeys,
  reviewKeys,
  sellerKeys,
  sessionKeys,
  siteKeys,
  userKeys,
} from './query-keys'
import type { EventName } from './types'

/** Each kind of change, with what its queries depend on. */
export interface ChangeData {
  /** A message sent in a conversation, or a pickup time proposed or declined there. */
  message: { conversation_id?: number }
  /** A booking made, cancelled, declined or paid, or its pickup time set. */
  booking: { booking_id?: number; product_id?: number | null }
  /** The live stream missed events it cannot replay: anything it tells about may have changed. */
  reset: object
  /** The first message about a product or a booking (a booking learns its conversation). */
  'conversation.started': { conversation_id?: number }
  /** A pickup time accepted: the proposal and the booking's pickup time. */
  'pickup.accepted': { conversation_id: number }
  'conversation.read': { conversation_id: number }
  /** My Buyers showed the seller their bookings: the top bar stops counting them as new. */
  'bookings.seen': object
  /** Book Now refused (409): the product may have been sold meanwhile. */
  'booking.refused': { product_id: number }
  /** The seller entered the buyer's code: the booking paid, the product sold (its other bookings cancelled), the seller's Sold count up. */
  'booking.handedover': { booking_id?: number; product_id?: number | null }
  /** A review of either side: the booking says so, and once both wrote theirs, ratings and review lists show them. */
  'review.written': { booking_id?: number }
  /** One side said the other did not come to the pickup: the booking ended, and the other's profile counts it. */
  'booking.noshow': { booking_id?: number; product_id?: number | null }
  /** A person, a message or a review reported to the admins. */
  'person.reported': object
  'product.created': object
  'product.updated': object
  /** The server also removes its advert and cancels its open bookings. */
  'product.deleted': object
  'product.advertised': object
  'product.reported': object
  'report.dismissed': object
  /** An admin's removal: the listing with its advert, reports and bookings. */
  'listing.removed': object
  /** A role changed. */
  'account.changed': object
  'seller.verified': object
  /** An admin suspended an account, or lifted it: its listings leave the lists, or come back. */
  'account.suspended': object
  /**
   * The signed-in person blocked someone, or lifted it: that person's listings leave their lists, or come back,
   * and a block cancels the open bookings between the two.
   */
  'person.blocked': object
  /** The server also removed the account's products with their adverts and reports, and cancelled its bookings. */
  'account.deleted': object
  'category.created': object
  /** Renamed, or a new picture: every listing shows its category's name. */
  'category.edited': object
  'post.saved': object
  'post.deleted': object
  'site.updated': object
  /** The search's synonyms were replaced: searches may find other listings. */
  'synonyms.updated': object
  /** Sessions of the account ended: one, every other (a new password too); their devices stop being notified. */
  'sessions.ended': object
  /** A device subscribed to notifications, or stopped. */
  'push.devices.changed': object
  'email.confirmed': object
}

export type ChangeKind = keyof ChangeData

/** One change: its kind and its data, e.g. `{ kind: 'message', conversation_id: 3 }`. */
export type Change = { [K in ChangeKind]: { kind: K } & ChangeData[K] }[ChangeKind]

type ChangeOf<K extends ChangeKind> = Extract<Change, { kind: K }>

/** The changes the server tells over GET /api/events (lib/live-events.ts listens for each). */
// Named as the API's document names its events (EventName): a renamed event fails to compile.
export const liveChanges = ['message', 'booking', 'reset'] as const satisfies readonly Extract<ChangeKind, EventName>[]
export type LiveChange = (typeof liveChanges)[number]

interface Refresh<K extends ChangeKind> {
  keys: (change: ChangeOf<K>) => QueryKey[]
  /** The live events the server sends the writer's own streams about this write. */
  echo?: readonly LiveChange[]
}

const conversation = (id: number | undefined): QueryKey[] => [
  conversationKeys.list(),
  conversationKeys.unread(),
  // An event that names no conversation refreshes every open one.
  ...(id === undefined
    ? [conversationKeys.details(), [...conversationKeys.all, 'messages']]
    : [conversationKeys.detail(id), conversationKeys.messages(id)]),
]
// A product's status (booked, sold) shows in its lists and adverts; a conversation shows its booking's status and pickup time;
// the top bar counts the seller's new bookings.
const booking: QueryKey[] = [
  bookingKeys.all,
  productKeys.all,
  advertisedKeys.all,
  conversationKeys.list(),
  conversationKeys.details(),
  conversationKeys.unread(),
]
// An advertised product shows on the home page with its name, price and cover, and each product says whether it is advertised.
const listing: QueryKey[] = [productKeys.all, advertisedKeys.all]
const accounts: QueryKey[] = [userKeys.all, buyerKeys.all, sellerKeys.all]
const removedListing: QueryKey[] = [reportKeys.all, ...listing, bookingKeys.all]

export const refreshes: { [K in ChangeKind]: Refresh<K> } = {
  message: { keys: (c) => conversation(c.conversation_id), echo: ['message'] },
  booking: { keys: () => booking, echo: ['booking'] },
  reset: { keys: () => [bookingKeys.all, productKeys.all, advertisedKeys.all, conversationKeys.all] },
  'conversation.started': { keys: (c) => [...conversation(c.conversation_id), bookingKeys.all], echo: ['message'] },
  'pickup.accepted': { keys: (c) => [...conversation(c.conversation_id), ...booking], echo: ['message', 'booking'] },
  'conversation.read': { keys: (c) => [conversationKeys.list(), conversationKeys.detail(c.conversation_id)] },
  'bookings.seen': { keys: () => [conversationKeys.unread()] },
  'booking.refused': { keys: (c) => [productKeys.detail(c.product_id)] },
  'booking.handedover': { keys: () => [...booking, sellerKeys.all], echo: ['booking'] },
  // A product's page shows its seller's rating.
  'review.written': { keys: () => [...booking, sellerKeys.all, reviewKeys.all], echo: ['booking'] },
  // A profile shows its no-shows of the last 12 months.
  'booking.noshow': { keys: () => [...booking, sellerKeys.all], echo: ['booking'] },
  'product.created': { keys: () => [productKeys.all] },
  'product.updated': { keys: () => listing },
  'product.deleted': { keys: () => listing },
  'product.advertised': { keys: () => listing },
  'product.reported': { keys: () => [reportKeys.all] },
  'person.reported': { keys: () => [reportKeys.all] },
  'report.dismissed': { keys: () => [reportKeys.all] },
  'listing.removed': { keys: () => removedListing },
  'account.changed': { keys: () => accounts },
  // The verified tick shows on all the seller's products.
  'seller.verified': { keys: () => [...accounts, productKeys.all] },
  'account.deleted': { keys: () => [...accounts, ...removedListing] },
  'account.suspended': { keys: () => [...accounts, ...listing] },
  'person.blocked': { keys: () => [blockKeys.all, ...booking] },
  'category.created': { keys: () => [categoryKeys.all] },
  'category.edited': { keys: () => [categoryKeys.all, productKeys.all, advertisedKeys.all] },
  'post.saved': { keys: () => [postKeys.list()] },
  // The post's own answer is dropped by its screen once it has left it.
  'post.deleted': { keys: () => [postKeys.list()] },
  'site.updated': { keys: () => [siteKeys.all] },
  'synonyms.updated': { keys: () => [siteKeys.synonyms(), productKeys.searches()] },
  'sessions.ended': { keys: () => [sessionKeys.all, pushKeys.devices()] },
  'push.devices.changed': { keys: () => [pushKeys.devices()] },
  'email.confirmed': { keys: () => [authKeys.me()] },
}

/** The queries a change refreshes. */
export function keysOf(change: Change): QueryKey[] {
  return (refreshes[change.kind].keys as (change: Change) => QueryKey[])(change)
}

/** The queries the live events echoing a write will refresh, given the write's data. */
function echoedKeys(change: Change): QueryKey[] {
  return (refreshes[change.kind].echo ?? []).flatMap((kind) => keysOf({ ...change, kind } as Change))
}

// Whether each query client's live stream is open now (lib/live-events.ts says).
const streams = new WeakMap<QueryClient, () => boolean>()

/** Lets writes leave to the stream what it echoes, while isOpen() says it is open; answers the function that stops it. */
export function followStream(client: QueryClient, isOpen: () => boolean): () => void {
  streams.set(client, isOpen)
  return () => {
    if (streams.get(client) === isOpen) streams.delete(client)
  }
}

function invalidate(client: QueryClient, keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined)
}

/** Refreshes everything a change touches: for a change told by the server, or a write it refused. */
export function refresh(client: QueryClient, change: Change): Promise<void> {
  return invalidate(client, keysOf(change))
}

/** How long a write's echo may take before the write refreshes what it should have (see above): the server's own bound on publishing an event. */
export const echoWait = 5000

/** Refreshes what this tab's write changed, less what its echo on the open live stream will (see above). */
export function refreshAfterWrite(client: QueryClient, change: Change): Promise<void> {
  const keys = keysOf(change)
  if (!streams.get(client)?.()) return invalidate(client, keys)
  const echoed = new Set(echoedKeys(change).map(hashKey))
  const writtenAt = Date.now()
  const leftToEcho = keys.filter((key) => echoed.has(hashKey(key)))
  if (leftToEcho.length > 0) setTimeout(() => void refreshUnechoed(client, leftToEcho, writtenAt), echoWait)
  return invalidate(
    client,
    keys.filter((key) => !echoed.has(hashKey(key))),
  )
}

/**
 * Refreshes the keys with a query the echo did not reach: neither marked stale, nor fetching, nor fetched since the write.
 * Data from the write's own millisecond counts as older: refreshed once too often rather than missed.
 */
function refreshUnechoed(client: QueryClient, keys: QueryKey[], writtenAt: number): Promise<void> {
  const missed = keys.filter((queryKey) =>
    client
      .getQueryCache()
      .findAll({ queryKey })
      .some(({ state }) => !state.isInvalidated && state.fetchStatus === 'idle' && state.dataUpdatedAt <= writtenAt),
  )
  return invalidate(client, missed)
}
