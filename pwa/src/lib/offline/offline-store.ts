// Everything the app keeps on the device, in one object made at start (see
// src/app/start.tsx) and living as long as the page: react-query's answers
// written through to IndexedDB, the outbox, the Dexie handle, and the answers
// waiting to be written. Tests make a fresh one each. docs/offline.md has the
// design.
//
// react-query owns the data while the app runs; every answer of a query whose
// options say `meta.offline` is written through to IndexedDB (one row per
// query, see query-store.ts), and at start the saved rows are put back into
// the query cache before any query runs, so screens show them first and
// refetch meanwhile. Reading them back needs no Dexie (saved-rows.ts); Dexie
// loads when the first answer is written, which waits until the page has
// settled (so it does not compete with the first screen) unless the page is
// hidden first: a phone may close a hidden app at any moment. A device with
// nothing saved (a first visit) does not wait for IndexedDB at start: a flag
// in localStorage says whether there is anything to put back.
import type { QueryClient } from '@tanstack/react-query'
import { withoutContactDetails } from './contact-details'
import type { SavedQuery } from './db'
import { Outbox } from './outbox'
import type { PendingRow } from './query-store'
import { databaseName, maxAge, readSavedQueries } from './saved-rows'
import type { Storage } from './storage'
import { WriteOnClose } from './write-on-close'

/** The cache of /images/... pictures the service worker keeps (see vite.config.ts). */
export const pictureCacheName = 'images'

export interface OfflineStoreOptions {
  /** The IndexedDB database; tests give each store its own. */
  databaseName?: string
  /** No answer is written before this settles (the page having settled), unless the page is hidden or Log Out. */
  writeAfter?: Promise<unknown>
}

export class OfflineStore {
  readonly databaseName: string
  /**
   * Set in localStorage while the `queries` table may hold rows: written with
   * the first saved row, removed when a restore finds none. It only says
   * whether to wait for IndexedDB at start; it holds nothing private.
   */
  readonly savedFlagKey: string
  readonly outbox: Outbox

  private opening: Promise<Storage> | undefined
  // Writes wait behind this gate until `writeAfter`, a hidden page or Log Out.
  private gateOpen = false
  private resolveGate: () => void = () => {}
  private readonly gate = new Promise<void>((resolve) => (this.resolveGate = resolve))
  private readonly openGate = () => {
    this.gateOpen = true
    this.resolveGate()
    this.writeOnClose.close()
  }
  private readonly writeOnClose = new WriteOnClose()
  // Answers not written yet, by query, the least recently arrived first.
  private readonly pending = new Map<string, PendingRow>()
  private drainQueued = false
  // IndexedDB work, one after the other.
  private work: Promise<unknown> = Promise.resolve()
  private restoring = false
  private lastSaved = 0
  private readonly lastSavedListeners = new Set<() => void>()
  private readonly stops = new Set<() => void>()

  constructor({ databaseName: name = databaseName, writeAfter = Promise.resolve() }: OfflineStoreOptions = {}) {
    this.databaseName = name
    this.savedFlagKey = `${name}.saved-queries`
    this.outbox = new Outbox(() => this.storage())
    void writeAfter.then(this.openGate, this.openGate)
  }

  /**
   * Writes each answer of a query marked `meta.offline` to IndexedDB, in the
   * order they came, from when the gate opens; and opens it at once when the
   * page is hidden or left. Returns the function that stops both.
   */
  saveQueries(client: QueryClient): () => void {
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (this.restoring || event.type !== 'updated' || event.action.type !== 'success') return
      const policy = event.query.meta?.offline
      if (!policy) return
      const { queryKey, queryHash, state } = event.query
      this.note({
        row: {
          hash: queryHash,
          key: queryKey,
          scope: policy.scope,
          group: policy.group,
          savedAt: state.dataUpdatedAt,
          data: state.data,
        },
        policy,
      })
    })
    // A hidden app may be closed, or frozen, at any moment. pagehide comes
    // first when the page is left (the page is still 'visible' then), and a
    // page closed outright has time only for what write-on-close.ts does.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void this.flush()
    }
    const onLeft = () => {
      if (!this.gateOpen && this.writeOnClose.write([...this.pending.values()].map(({ row }) => row))) this.flagSaved(true)
      void this.flush()
    }
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', onLeft)
    const stop = () => {
      unsubscribe()
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', onLeft)
      this.stops.delete(stop)
    }
    this.stops.add(stop)
    return stop
  }

  /** Writes what is waiting now, without waiting for the gate; resolves once written. */
  flush(): Promise<void> {
    this.openGate()
    return this.whenSaved()
  }

  /** Resolves once every write asked for so far is done. */
  async whenSaved(): Promise<void> {
    await this.work
  }

  /** When the newest saved listing was fetched (Unix ms), 0 for none; see subscribeLastSaved. */
  readonly lastSavedAt = (): number => this.lastSaved

  readonly subscribeLastSaved = (listener: () => void): (() => void) => {
    this.lastSavedListeners.add(listener)
    return () => this.lastSavedListeners.delete(listener)
  }

  /**
   * Puts the saved answers back into the query cache, each with the time it
   * was fetched and marked invalid, so each is refetched when shown (even the
   * signed-in user, whose answer is otherwise fresh for a minute). Also asks
   * the browser to keep our storage under pressure.
   */
  async restoreQueries(client: QueryClient, now = Date.now()): Promise<void> {
    void navigator.storage?.persist?.().catch(() => false)
    let saved: SavedQuery[]
    try {
      saved = await readSavedQueries(this.databaseName)
    } catch (error) {
      console.warn('Could not read the data saved on this device', error)
      return
    }
    const rows = saved.filter((row) => now - row.savedAt <= maxAge).sort((a, b) => a.savedAt - b.savedAt)
    // Expired rows are deleted once Dexie is there.
    if (rows.length < saved.length) void this.serially(({ db, queries }) => queries.deleteExpired(db, now))
    this.flagSaved(rows.length > 0)
    this.restoring = true
    try {
      for (const row of rows) {
        if (client.getQueryData(row.key) !== undefined) continue
        client.setQueryData(row.key, row.data, { updatedAt: row.savedAt })
        void client.invalidateQueries({ queryKey: row.key, exact: true, refetchType: 'none' })
        if (row.scope === 'public') this.noteSaved(row.savedAt)
      }
    } finally {
      this.restoring = false
    }
  }

  /**
   * At start: when answers may be saved on the device, puts them back and
   * answers a promise that settles when done, for IsRestoringProvider to hold
   * the queries meanwhile; a storage that does not answer within `waitAtMost`
   * ms is not waited for. With nothing saved (a first visit) it answers
   * undefined, so screens fetch at once, and looks anyway after `later`
   * (localStorage may have been cleared without IndexedDB), filling in only
   * what is not in the cache by then.
   */
  restoreAtStart(
    client: QueryClient,
    { later = Promise.resolve(), waitAtMost = 3000 }: { later?: Promise<unknown>; waitAtMost?: number } = {},
  ): Promise<void> | undefined {
    if (this.mayHaveSavedQueries()) {
      return Promise.race([this.restoreQueries(client), new Promise<void>((resolve) => setTimeout(resolve, waitAtMost))])
    }
    void later.then(() => this.restoreQueries(client))
    return undefined
  }

  /**
   * Log Out: deletes the user's saved account, orders and outbox from
   * IndexedDB, and the pictures they named (their own, their orders') from the
   * picture cache; their answers not written yet are dropped. Also done by
   * itself when the signed-in user changes (query-store.ts).
   */
  async deletePrivateData(): Promise<void> {
    for (const [hash, { row, policy }] of this.pending) {
      if (row.scope === 'private') this.pending.delete(hash)
      else this.pending.set(hash, { row: { ...row, data: withoutContactDetails(row.data) }, policy })
    }
    this.openGate()
    await this.serially(async ({ db, queries }) => forgetPictures(await queries.deletePrivateData(db)))
  }

  /** Ends the store's life: stops saving, waits for the writes, closes the database. */
  async close(): Promise<void> {
    for (const stop of [...this.stops]) stop()
    this.openGate()
    await this.whenSaved()
    await this.outbox.idle()
    if (this.opening) (await this.opening).db.close()
  }

  /** Whether answers may be saved on this device; true when localStorage cannot tell. */
  mayHaveSavedQueries(): boolean {
    try {
      return localStorage.getItem(this.savedFlagKey) !== null
    } catch {
      return true
    }
  }

  private storage(): Promise<Storage> {
    this.opening ??= import('./storage').then(({ openStorage }) => openStorage(this.databaseName))
    return this.opening
  }

  /** Runs IndexedDB work after the gate, one piece after the other; a failure is logged. */
  private serially<T>(task: (storage: Storage) => Promise<T>): Promise<T | undefined> {
    const next = this.work
      .then(() => this.gate)
      .then(async () => task(await this.storage()))
      .catch((error: unknown) => {
        console.warn('Could not update the data saved on this device', error)
        return undefined
      })
    this.work = next
    return next
  }

  // A newer answer of the same query replaces the waiting one, and goes last.
  private note(pending: PendingRow) {
    this.pending.delete(pending.row.hash)
    this.pending.set(pending.row.hash, pending)
    if (!this.gateOpen) void this.writeOnClose.open(this.databaseName)
    if (this.drainQueued) return
    this.drainQueued = true
    void this.serially(async (storage) => {
      this.drainQueued = false
      const rows = [...this.pending.values()]
      this.pending.clear()
      await this.write(storage, rows)
    })
  }

  private async write({ db, queries }: Storage, rows: PendingRow[]) {
    if (rows.length === 0) return
    const privatePictures = await queries.saveQueries(db, rows)
    // Nobody signed in (an owner answer of null) is not kept.
    if (rows.some(({ row, policy }) => !policy.owner || row.data != null)) this.flagSaved(true)
    for (const { row } of rows) if (row.scope === 'public') this.noteSaved(row.savedAt)
    await forgetPictures(privatePictures)
  }

  private flagSaved(saved: boolean) {
    try {
      if (saved) localStorage.setItem(this.savedFlagKey, '1')
      else localStorage.removeItem(this.savedFlagKey)
    } catch {
      // No localStorage: every start waits for IndexedDB, as it can't tell.
    }
  }

  private noteSaved(time: number) {
    if (time <= this.lastSaved) return
    this.lastSaved = time
    for (const listener of this.lastSavedListeners) listener()
  }
}

async function forgetPictures(urls: string[]) {
  if (urls.length === 0 || typeof caches === 'undefined') return
  const cache = await caches.open(pictureCacheName)
  await Promise.all(urls.map((url) => cache.delete(url)))
}
