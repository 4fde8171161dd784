import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RehomeDB } from './db'
import { OfflineStore } from './offline-store'
import { readSavedQueries } from './saved-rows'

let stores = 0
let opened: OfflineStore[] = []
// What the device holds, looked at through a connection of its own.
let db: RehomeDB

/** A fresh store, with a database of its own. */
function newStore(writeAfter?: Promise<unknown>) {
  const store = new OfflineStore({ databaseName: `offline-store-test-${++stores}`, writeAfter })
  opened.push(store)
  db = new RehomeDB(store.databaseName)
  return store
}

let store: OfflineStore
let client: QueryClient

beforeEach(() => {
  store = newStore()
  client = new QueryClient()
  store.saveQueries(client)
})

afterEach(async () => {
  db.close()
  await Promise.all(opened.map((s) => s.close()))
  opened = []
  localStorage.clear()
})

const publicMeta = { offline: { scope: 'public', group: 'categories', limit: 1 } } as const
const categoryMeta = { offline: { scope: 'public', group: 'category', limit: 8 } } as const
const userMeta = { offline: { scope: 'private', group: 'user', limit: 1, owner: true } } as const
const ordersMeta = { offline: { scope: 'private', group: 'orders', limit: 1 } } as const

function never() {
  return new Promise<void>(() => {})
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
}

describe('react-query written through to IndexedDB', () => {
  it('saves each answer of a query marked offline, and no other', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await client.fetchQuery({ queryKey: ['users'], queryFn: () => ({ items: ['Ada'] }) })
    await store.whenSaved()
    const rows = await db.queries.toArray()
    expect(rows.map((r) => [r.key, r.scope, r.data])).toEqual([[['categories', 'list'], 'public', { items: ['Sofas'] }]])
    expect(rows[0]?.savedAt).toBe(client.getQueryState(['categories', 'list'])?.dataUpdatedAt)
  })

  it('puts saved answers back with the time they were fetched, so they are refetched when shown', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await store.whenSaved()
    const fetchedAt = client.getQueryState(['categories', 'list'])?.dataUpdatedAt

    const next = new QueryClient()
    await store.restoreQueries(next)
    expect(next.getQueryData(['categories', 'list'])).toEqual({ items: ['Sofas'] })
    expect(next.getQueryState(['categories', 'list'])?.dataUpdatedAt).toBe(fetchedAt)
    expect(next.getQueryState(['categories', 'list'])?.isInvalidated).toBe(true)
    expect(store.lastSavedAt()).toBe(fetchedAt)
  })

  it('Log Out deletes the private answers and the outbox, not the listings', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await client.fetchQuery({ queryKey: ['auth', 'me'], queryFn: () => ({ id: 1, name: 'Bea' }), meta: userMeta })
    await client.fetchQuery({ queryKey: ['bookings', 'mine', 'list'], queryFn: () => ({ items: [1] }), meta: ordersMeta })
    await store.outbox.queue(1, {
      path: '/booked',
      body: {},
      idempotencyKey: 'k',
      label: 'Sofa',
      sentMessage: 'Booked successfully',
      change: { kind: 'booking' },
    })
    await store.whenSaved()
    expect(await db.queries.count()).toBe(3)

    await store.deletePrivateData()
    expect((await db.queries.toArray()).map((r) => r.key)).toEqual([['categories', 'list']])
    expect(await db.outbox.count()).toBe(0)
  })

  it('stops saving once closed', async () => {
    await store.close()
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await store.whenSaved()
    expect(await db.queries.count()).toBe(0)
  })
})

describe('answers waiting to be written', () => {
  let waiting: OfflineStore
  let later: QueryClient

  beforeEach(() => {
    waiting = newStore(never())
    later = new QueryClient()
    waiting.saveQueries(later)
  })

  afterEach(() => setVisibility('visible'))

  const fetchSofas = (items: string[]) =>
    later.fetchQuery({
      queryKey: ['products', 'category', 'Sofas'],
      queryFn: () => ({ items }),
      meta: categoryMeta,
      staleTime: 0,
    })

  // Every write waits for writeAfter (here never, unless flushed): the
  // answer is still waiting when flushed, and only then written.
  it('are not written before writeAfter', async () => {
    await fetchSofas(['Teal sofa'])
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(waiting.databaseName)
    expect(await db.queries.count()).toBe(0)
    await waiting.flush()
    expect(await db.queries.count()).toBe(1)
  })

  it('are written at once when the page is hidden', async () => {
    await fetchSofas(['Teal sofa'])
    setVisibility('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    await waiting.whenSaved()
    expect((await db.queries.toArray()).map((r) => r.data)).toEqual([{ items: ['Teal sofa'] }])
  })

  it('are written at once when the page is left', async () => {
    await fetchSofas(['Teal sofa'])
    window.dispatchEvent(new Event('pagehide'))
    await waiting.whenSaved()
    expect(await db.queries.count()).toBe(1)
  })

  it('are not written when the page becomes visible', async () => {
    await fetchSofas(['Teal sofa'])
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await db.queries.count()).toBe(0)
    await waiting.flush()
    expect(await db.queries.count()).toBe(1)
  })

  it('keep only the newest answer of each query', async () => {
    await fetchSofas(['Teal sofa'])
    await fetchSofas(['Teal sofa', 'Rust loveseat'])
    await waiting.flush()
    expect((await db.queries.toArray()).map((r) => r.data)).toEqual([{ items: ['Teal sofa', 'Rust loveseat'] }])
  })

  it('of the user are dropped at Log Out, the listings written', async () => {
    await fetchSofas(['Teal sofa'])
    await later.fetchQuery({ queryKey: ['auth', 'me'], queryFn: () => ({ id: 1, name: 'Bea' }), meta: userMeta })
    await waiting.deletePrivateData()
    expect((await db.queries.toArray()).map((r) => r.key.join('/'))).toEqual(['products/category/Sofas'])
  })
})

describe('at start', () => {
  it('waits for nothing on a device where nothing was saved', () => {
    expect(store.restoreAtStart(new QueryClient(), { later: never() })).toBeUndefined()
  })

  it('holds the queries while it puts back what was saved', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await store.whenSaved()
    expect(localStorage.getItem(store.savedFlagKey)).not.toBeNull()

    const next = new QueryClient()
    const restored = store.restoreAtStart(next)
    expect(restored).toBeInstanceOf(Promise)
    await restored
    expect(next.getQueryData(['categories', 'list'])).toEqual({ items: ['Sofas'] })
  })

  it('forgets the flag when nothing is saved any more', async () => {
    localStorage.setItem(store.savedFlagKey, '1')
    await store.restoreQueries(new QueryClient())
    expect(localStorage.getItem(store.savedFlagKey)).toBeNull()
  })

  it('reads saved answers without making a database', async () => {
    expect(await readSavedQueries('never-made')).toEqual([])
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('never-made')
  })
})
