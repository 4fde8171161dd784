// react-query with IndexedDB as its persistent store. react-query owns the
// data while the app runs; every answer of a query whose options say
// `meta.offline` is written through to IndexedDB (one row per query, see
// query-store.ts) as it arrives, and at start the saved rows are put back into
// the query cache before any query runs, so screens show them first and
// refetch meanwhile. Dexie is loaded on first use, outside the first script.
import { useSyncExternalStore } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { SavedQuery } from './db'

/** The cache of /images/... pictures the service worker keeps (see vite.config.ts). */
export const pictureCacheName = 'images'

const store = () => import('./query-store')

let restoring = false
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

/** Writes each answer of a query marked `meta.offline` to IndexedDB. Returns the unsubscribe function. */
export function saveQueriesOffline(client: QueryClient): () => void {
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
export async function restoreQueries(client: QueryClient): Promise<void> {
  void navigator.storage?.persist?.().catch(() => false)
  const rows = (await enqueue(async () => (await store()).loadQueries())) ?? []
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
 * Log Out: deletes the user's saved account, orders and outbox from
 * IndexedDB, and the pictures they named (their own, their orders') from the
 * picture cache. Also done by itself when the signed-in user changes.
 */
export async function deletePrivateData(): Promise<void> {
  await enqueue(async () => forgetPictures(await (await store()).deletePrivateData()))
}

async function forgetPictures(urls: string[]) {
  if (urls.length === 0 || typeof caches === 'undefined') return
  const cache = await caches.open(pictureCacheName)
  await Promise.all(urls.map((url) => cache.delete(url)))
}
