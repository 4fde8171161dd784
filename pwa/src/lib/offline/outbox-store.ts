// The outbox table (see outbox.ts). Loaded lazily: it pulls in Dexie.
import { db, type OutboxEntry } from './db'

export async function addToOutbox(entry: Omit<OutboxEntry, 'id'>): Promise<number> {
  return (await db.outbox.add(entry)) as number
}

/** The user's oldest waiting request. */
export function nextInOutbox(userId: number): Promise<OutboxEntry | undefined> {
  return db.outbox.where('userId').equals(userId).first()
}

export async function removeFromOutbox(id: number): Promise<void> {
  await db.outbox.delete(id)
}

export function countOutbox(userId: number): Promise<number> {
  return db.outbox.where('userId').equals(userId).count()
}
