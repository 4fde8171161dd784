// The outbox table (see outbox.ts). Loaded lazily: it pulls in Dexie.
import type { OutboxEntry, RehomeDB } from './db'

export async function addToOutbox(db: RehomeDB, entry: Omit<OutboxEntry, 'id'>): Promise<number> {
  return (await db.outbox.add(entry)) as number
}

/** The user's oldest waiting request. */
export function nextInOutbox(db: RehomeDB, userId: number): Promise<OutboxEntry | undefined> {
  return db.outbox.where('userId').equals(userId).first()
}

export async function removeFromOutbox(db: RehomeDB, id: number): Promise<void> {
  await db.outbox.delete(id)
}

/** The user's waiting requests to one path (or to the paths it matches), oldest first. */
export function waitingInOutbox(db: RehomeDB, userId: number, path: string | RegExp): Promise<OutboxEntry[]> {
  const wanted =
    typeof path === 'string' ? (entry: OutboxEntry) => entry.path === path : (entry: OutboxEntry) => path.test(entry.path)
  return db.outbox.where('userId').equals(userId).filter(wanted).toArray()
}
