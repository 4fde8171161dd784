// The device's copy of what the app has fetched, and requests waiting for the
// connection. Only the lazily loaded offline modules import this file, so
// Dexie stays out of the first script; the OfflineStore (offline-store.ts)
// opens the one handle the app uses. docs/offline.md describes the design.
import Dexie, { type EntityTable } from 'dexie'
import type { QueryKey } from '@tanstack/react-query'
import type { Change } from '../refresh'
import { databaseName } from './saved-rows'

export type OfflineScope = 'public' | 'private'

/** One react-query answer, as it was last fetched. */
export interface SavedQuery {
  /** JSON of the query key. */
  hash: string
  key: QueryKey
  /** Private rows belong to the signed-in user and are deleted at Log Out. */
  scope: OfflineScope
  /** The rows of a group count together against its limit. */
  group: string
  /** When the answer arrived (Unix ms): react-query's dataUpdatedAt. */
  savedAt: number
  data: unknown
}

/** A request made offline, sent in order when the server can be reached. */
export interface OutboxEntry {
  id?: number
  /** Whose request it is; only they send it. */
  userId: number
  /** API path without /api, e.g. '/booked'. */
  path: string
  body: unknown
  /** Made when queued; the server answers a repeat with its first answer. */
  idempotencyKey: string
  /** What it is about, to name it in the outcome: the product's name. */
  label: string
  /** Shown when the server accepts it, e.g. 'Booked successfully'. */
  sentMessage: string
  /**
   * What it changes, for lib/refresh.ts once it went through. Absent from
   * requests queued by earlier versions, which listed query keys instead.
   */
  change?: Change
  /**
   * A 429 answer refuses it, as a 4xx does, rather than asking to wait: a
   * handover locked after wrong codes is entered again by the seller, not
   * sent by itself minutes later (holding up every request behind it).
   */
  limitRefuses?: boolean
  queuedAt: number
}

export class RehomeDB extends Dexie {
  queries!: EntityTable<SavedQuery, 'hash'>
  outbox!: EntityTable<OutboxEntry, 'id'>

  constructor(name = databaseName) {
    super(name)
    this.version(1).stores({
      queries: 'hash, scope, [group+savedAt]',
      outbox: '++id, userId',
    })
  }
}
