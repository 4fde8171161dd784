// Everything that needs Dexie, in one chunk loaded on first use (the first
// write, Log Out or the outbox), so Dexie stays out of the first script.
import { RehomeDB } from './db'
import * as outbox from './outbox-store'
import * as queries from './query-store'

/** The open database and the functions on its tables. */
export interface Storage {
  db: RehomeDB
  queries: typeof queries
  outbox: typeof outbox
}

export function openStorage(name: string): Storage {
  return { db: new RehomeDB(name), queries, outbox }
}
