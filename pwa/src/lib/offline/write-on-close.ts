// The last chance of answers still waiting to be written when the page is
// closed outright (pagehide) in its first seconds: a closing page has no time
// to load Dexie or to open the database, but Chromium commits a transaction
// started in pagehide on a connection that is already open. So while answers
// wait, a plain IndexedDB connection (no Dexie) is kept open, and pagehide
// puts the waiting public answers through it. The owner rule and the group
// limits are Dexie's (query-store.ts): private answers are not written here,
// and a group past its limit is trimmed at its next write.
import type { SavedQuery } from './db'
import { trimPages } from './saved-rows'

export class WriteOnClose {
  private connection: IDBDatabase | undefined
  private opening = false
  private opened: Promise<void> = Promise.resolve()

  /**
   * Opens the connection, once, if the database exists (Dexie makes it, with
   * its tables); resolves once the attempt is over, either way.
   */
  open(name: string): Promise<void> {
    if (this.opening || typeof indexedDB === 'undefined') return this.opened
    this.opening = true
    this.opened = new Promise((resolve) => {
      const open = indexedDB.open(name)
      open.onupgradeneeded = () => open.transaction?.abort()
      open.onerror = () => resolve()
      open.onsuccess = () => {
        resolve()
        const db = open.result
        if (!db.objectStoreNames.contains('queries')) return db.close()
        // Never stand in the way of a newer version of the database.
        db.onversionchange = () => this.close()
        this.connection = db
      }
    })
    return this.opened
  }

  /** Puts the public rows, at once; answers whether it could. */
  write(rows: SavedQuery[]): boolean {
    const publicRows = rows.filter((row) => row.scope === 'public')
    if (!this.connection || publicRows.length === 0) return false
    try {
      const transaction = this.connection.transaction('queries', 'readwrite')
      const queries = transaction.objectStore('queries')
      for (const row of publicRows) queries.put({ ...row, data: trimPages(row.data) })
      transaction.commit()
      return true
    } catch {
      return false
    }
  }

  close(): void {
    this.connection?.close()
    this.connection = undefined
  }
}
