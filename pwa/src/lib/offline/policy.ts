// Which react-query answers are kept on the device, declared by each query in
// its options: `meta: { offline: { scope: 'public', group: 'category', limit: 8 } }`.
// Queries without it (admin lists, the seller's screens) are never saved.
import type { OfflineScope } from './db'

export interface OfflinePolicy {
  /** 'private' answers belong to the signed-in user and are deleted at Log Out. */
  scope: OfflineScope
  /** Answers of one group count together against its limit. */
  group: string
  /** How many answers of the group are kept; the least recently fetched go first. */
  limit: number
  /**
   * The answer that says whose the private data is (GET /api/auth/me): when
   * it names someone else, the private rows and the outbox are deleted.
   */
  owner?: boolean
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { offline?: OfflinePolicy }
  }
}
