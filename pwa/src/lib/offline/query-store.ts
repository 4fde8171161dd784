// Saved react-query answers in IndexedDB (see offline-store.ts for when they
// are written and read). Loaded lazily: it pulls in Dexie.
import Dexie from 'dexie'
import type { RehomeDB, SavedQuery } from './db'
import type { OfflinePolicy } from './policy'
import { withoutContactDetails } from './contact-details'
import { maxAge, trimPages } from './saved-rows'

/** An answer waiting to be written, with the policy its query declared. */
export interface PendingRow {
  row: SavedQuery
  policy: OfflinePolicy
}

/** Deletes the saved answers too old to show again (saved-rows.ts reads them back). */
export async function deleteExpired(db: RehomeDB, now = Date.now()): Promise<void> {
  await db.queries.filter((row) => now - row.savedAt > maxAge).delete()
}

/**
 * Saves answers in the order given, in one transaction (see saveQuery).
 * Answers the picture URLs of the private rows the owner rule deleted.
 */
export function saveQueries(db: RehomeDB, rows: PendingRow[]): Promise<string[]> {
  return db.transaction('rw', db.queries, db.outbox, async () => {
    const pictures: string[] = []
    for (const { row, policy } of rows) pictures.push(...(await saveQuery(db, row, policy)))
    return pictures
  })
}

/**
 * Saves one answer, then evicts the least recently saved rows of its group
 * past the group's limit. An owner answer (the signed-in user) that names
 * someone else than the saved one first deletes every private row and the
 * outbox: they belonged to the previous person; nobody signed in (null)
 * keeps no private row at all. Answers the picture URLs the deleted private
 * rows named (see deletePrivateData).
 */
export async function saveQuery(db: RehomeDB, row: SavedQuery, policy: OfflinePolicy): Promise<string[]> {
  return db.transaction('rw', db.queries, db.outbox, async () => {
    let pictures: string[] = []
    if (policy.owner) {
      const previous = await db.queries.get(row.hash)
      if (ownerId(previous?.data) !== ownerId(row.data)) pictures = await deletePrivateRows(db)
      if (row.data == null) return pictures
    }
    await db.queries.put({ ...row, data: trimPages(row.data) })
    await evict(db, row.group, policy.limit)
    return pictures
  })
}

async function evict(db: RehomeDB, group: string, limit: number) {
  const oldestFirst = await db.queries
    .where('[group+savedAt]')
    .between([group, Dexie.minKey], [group, Dexie.maxKey])
    .primaryKeys()
  const extra = oldestFirst.length - limit
  if (extra > 0) await db.queries.bulkDelete(oldestFirst.slice(0, extra))
}

function ownerId(data: unknown): unknown {
  return data && typeof data === 'object' ? (data as { id?: unknown }).id : undefined
}

async function deletePrivateRows(db: RehomeDB): Promise<string[]> {
  const rows = await db.queries.where('scope').equals('private').toArray()
  await db.queries.bulkDelete(rows.map((row) => row.hash))
  await db.outbox.clear()
  const publicRows = await db.queries.where('scope').equals('public').toArray()
  await db.queries.bulkPut(
    publicRows.flatMap((row) => {
      const data = withoutContactDetails(row.data)
      return data === row.data ? [] : [{ ...row, data }]
    }),
  )
  return rows.flatMap((row) => pictureUrls(row.data))
}

/**
 * Deletes the signed-in user's private data: their saved answers (account,
 * orders), the outbox, and the sellers' contact details the public answers
 * showed them. Answers the picture URLs those answers named, so
 * the caller can drop them from the picture cache too.
 */
export function deletePrivateData(db: RehomeDB): Promise<string[]> {
  return db.transaction('rw', db.queries, db.outbox, () => deletePrivateRows(db))
}

/** Every /images/... URL anywhere in a JSON value. */
export function pictureUrls(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/images/') ? [value] : []
  if (Array.isArray(value)) return value.flatMap(pictureUrls)
  if (value && typeof value === 'object') return Object.values(value).flatMap(pictureUrls)
  return []
}
