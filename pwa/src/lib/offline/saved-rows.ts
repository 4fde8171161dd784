// The saved answers read straight from IndexedDB, without Dexie: putting them
// back at start must not wait for Dexie (31 KB) to download. The database and
// its `queries` table are Dexie's (db.ts); this only reads them, and never
// creates the database.
import type { SavedQuery } from './db'

export const databaseName = 'rehome'

/** Saved answers older than this are not shown again, and deleted. */
export const maxAge = 30 * 24 * 60 * 60 * 1000

/** Of an infinite list, this many pages are kept. */
export const maxSavedPages = 5

/** The first pages of an infinite query's data; any other data as it is. */
export function trimPages(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !('pages' in data) || !('pageParams' in data)) return data
  const { pages, pageParams } = data as { pages: unknown[]; pageParams: unknown[] }
  if (pages.length <= maxSavedPages) return data
  return { pages: pages.slice(0, maxSavedPages), pageParams: pageParams.slice(0, maxSavedPages) }
}

/** Every saved answer, as stored; none when there is no database yet. */
export function readSavedQueries(name = databaseName): Promise<SavedQuery[]> {
  return new Promise((resolve, reject) => {
    let created = false
    const open = indexedDB.open(name)
    // No database yet: nothing is saved, and Dexie makes it, with its tables.
    open.onupgradeneeded = () => {
      created = true
      open.transaction?.abort()
    }
    open.onerror = () => (created ? resolve([]) : reject(open.error))
    open.onsuccess = () => {
      const db = open.result
      if (!db.objectStoreNames.contains('queries')) {
        db.close()
        resolve([])
        return
      }
      const request = db.transaction('queries').objectStore('queries').getAll()
      request.onsuccess = () => resolve(request.result as SavedQuery[])
      request.onerror = () => reject(request.error)
      request.transaction?.addEventListener('complete', () => db.close())
      request.transaction?.addEventListener('abort', () => db.close())
    }
  })
}
