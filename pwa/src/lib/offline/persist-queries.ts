// react-query with IndexedDB as its persistent store. react-query owns the
// data while the app runs; every answer of a query whose options say
// `meta.offline` is written through to IndexedDB (one row per query, see
// query-store.ts) as it arrives, and at start the saved rows are put back into
// the query cache before any query runs, so screens show them first and
// refetch meanwhile. Reading them back needs no Dexie (saved-rows.ts); Dexie
// loads when the first answer is written, and not before the app says so (once
// the page has settled). A device with nothing saved (a first visit) does not
// wait for IndexedDB at all: a flag in localStorage says whether there is
// anything to put back.
import { useSyncExternalStore } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { SavedQuery } from './db'
import { maxAge, readSavedQueries } from './saved-rows'

/** The cache of /images/... pictures the service worker keeps (see vite.config.ts). */
export const pictureCacheName = 'images'

// Opened by saveQueriesOffline's `writeAfter`, or at once by Log Out.
let openStorage: () => void = () => {}
const storageOpen = new Promise<void>((resolve) => {
  openStorage = resolve
})

async function store() {
  await storageOpen
  return import('./query-store')
}

let restoring = false

/**
 * Set while the `queries` table may hold rows: written with the first saved
 * row, removed when a restore finds none. It only says whether to wait for
 * IndexedDB at start; it holds nothing private.
 */
export const savedFlagKey = 'rehome.saved-queries'

/** Whether answers may be saved on this device; true when localStorage cannot tell. */
export function mayHaveSavedQueries(): boolean {
  try {
    return localStorage.getItem(savedFlagKey) !== null
  } catch {
    return true
  }
}

function flagSaved(saved: boolean) {
  try {
    if (saved) localStorage.setItem(savedFlagKey, '1')
    else localStorage.removeItem(savedFlagKey)
  } catch {
    // No localStorage: every start waits for IndexedDB, as it can't tell.
  }
}
let writes: Promise<unknown> = Promise.resolve()

/** Runs IndexedDB writes one after the other, in the order the answers came. */
function enqueue<T>(write: () => Promise<T>): Promise<T | undefined> {
  const next = writes.then(write).catch((error: unknown) => {
    console.warn('Could not update the data saved on this device', error)
    return undefined
  })
  writes = next
  return next
}

/** Resolves once every write asked for so far is done. */
export function whenSaved(): Promise<void> {
  return writes.then(() => undefined)
}

// When listings were last saved, for the offline banner.
let lastSaved = 0
const lastSavedListeners = new Set<() => void>()

function noteSaved(time: number) {
  if (time <= lastSaved) return
  lastSaved = time
  for (const listener of lastSavedListeners) listener()
}

export function useLastSaved(): number {
  return useSyncExternalStore(
    (listener) => {
      lastSavedListeners.add(listener)
      return () => lastSavedListeners.delete(listener)
    },
    () => lastSaved,
  )
}

/**
 * Writes each answer of a query marked `meta.offline` to IndexedDB, in order;
 * none before `writeAfter` settles (they wait their turn meanwhile). Returns
 * the unsubscribe function.
 */
export function saveQueriesOffline(client: QueryClient, { writeAfter }: { writeAfter?: Promise<unknown> } = {}): () => void {
  void (writeAfter ?? Promise.resolve()).then(openStorage, openStorage)
  return client.getQueryCache().subscribe((event) => {
    if (restoring || event.type !== 'updated' || event.action.type !== 'success') return
    const policy = event.query.meta?.offline
    if (!policy) return
    const { queryKey, queryHash, state } = event.query
    const row: SavedQuery = {
      hash: queryHash,
      key: queryKey,
      scope: policy.scope,
      group: policy.group,
      savedAt: state.dataUpdatedAt,
      data: state.data,
    }
    void enqueue(async () => {
      const privatePictures = await (await store()).saveQuery(row, policy)
      // Nobody signed in (an owner answer of null) is not kept.
      if (!policy.owner || row.data != null) flagSaved(true)
      if (policy.scope === 'public') noteSaved(row.savedAt)
      await forgetPictures(privatePictures)
    })
  })
}

/**
 * Puts the saved answers back into the query cache, each with the time it
 * was fetched and marked invalid, so each is refetched when shown (even the
 * signed-in user, whose answer is otherwise fresh for a minute). Also asks
 * the browser to keep our storage under pressure.
 */
export async function restoreQueries(client: QueryClient, now = Date.now()): Promise<void> {
  void navigator.storage?.persist?.().catch(() => false)
  let saved: SavedQuery[]
  try {
    saved = await readSavedQueries()
  } catch (error) {
    console.warn('Could not read the data saved on this device', error)
    return
  }
  const rows = saved.filter((row) => now - row.savedAt <= maxAge).sort((a, b) => a.savedAt - b.savedAt)
  // Expired rows are deleted once Dexie is there.
  if (rows.length < saved.length) void enqueue(async () => (await store()).deleteExpired(now))
  flagSaved(rows.length > 0)
  restoring = true
  try {
    for (const row of rows) {
      if (client.getQueryData(row.key) !== undefined) continue
      client.setQueryData(row.key, row.data, { updatedAt: row.savedAt })
      void client.invalidateQueries({ queryKey: row.key, exact: true, refetchType: 'none' })
      if (row.scope === 'public') noteSaved(row.savedAt)
    }
  } finally {
    restoring = false
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
export function restoreAtStart(
  client: QueryClient,
  { later = Promise.resolve(), waitAtMost = 3000 }: { later?: Promise<unknown>; waitAtMost?: number } = {},
): Promise<void> | undefined {
  if (mayHaveSavedQueries()) {
    return Promise.race([restoreQueries(client), new Promise<void>((resolve) => setTimeout(resolve, waitAtMost))])
  }
  void later.then(() => restoreQueries(client))
  return undefined
}

/**
 * Log Out: deletes the user's saved account, orders and outbox from
 * IndexedDB, and the pictures they named (their own, their orders') from the
 * picture cache. Also done by itself when the signed-in user changes.
 */
export async function deletePrivateData(): Promise<void> {
  openStorage()
  await enqueue(async () => forgetPictures(await (await store()).deletePrivateData()))
}

async function forgetPictures(urls: string[]) {
  if (urls.length === 0 || typeof caches === 'undefined') return
  const cache = await caches.open(pictureCacheName)
  await Promise.all(urls.map((url) => cache.delete(url)))
}
