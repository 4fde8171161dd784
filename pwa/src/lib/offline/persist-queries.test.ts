import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from './db'
import {
  deletePrivateData,
  restoreAtStart,
  restoreQueries,
  saveQueriesOffline,
  savedFlagKey,
  whenSaved,
} from './persist-queries'
import { readSavedQueries } from './saved-rows'

let client: QueryClient
let stop: () => void

beforeEach(async () => {
  await db.queries.clear()
  await db.outbox.clear()
  client = new QueryClient()
  stop = saveQueriesOffline(client)
})

afterEach(() => stop())

const publicMeta = { offline: { scope: 'public', group: 'categories', limit: 1 } } as const
const userMeta = { offline: { scope: 'private', group: 'user', limit: 1, owner: true } } as const
const ordersMeta = { offline: { scope: 'private', group: 'orders', limit: 1 } } as const

describe('react-query written through to IndexedDB', () => {
  it('saves each answer of a query marked offline, and no other', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await client.fetchQuery({ queryKey: ['users'], queryFn: () => ({ items: ['Ada'] }) })
    await whenSaved()
    const rows = await db.queries.toArray()
    expect(rows.map((r) => [r.key, r.scope, r.data])).toEqual([[['categories', 'list'], 'public', { items: ['Sofas'] }]])
    expect(rows[0]?.savedAt).toBe(client.getQueryState(['categories', 'list'])?.dataUpdatedAt)
  })

  it('puts saved answers back with the time they were fetched, so they are refetched when shown', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await whenSaved()
    const fetchedAt = client.getQueryState(['categories', 'list'])?.dataUpdatedAt

    const next = new QueryClient()
    await restoreQueries(next)
    expect(next.getQueryData(['categories', 'list'])).toEqual({ items: ['Sofas'] })
    expect(next.getQueryState(['categories', 'list'])?.dataUpdatedAt).toBe(fetchedAt)
    expect(next.getQueryState(['categories', 'list'])?.isInvalidated).toBe(true)
  })

  it('Log Out deletes the private answers and the outbox, not the listings', async () => {
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await client.fetchQuery({ queryKey: ['auth', 'me'], queryFn: () => ({ id: 1, name: 'Bea' }), meta: userMeta })
    await client.fetchQuery({ queryKey: ['bookings', 'mine', 'list'], queryFn: () => ({ items: [1] }), meta: ordersMeta })
    await db.outbox.add({
      userId: 1,
      path: '/booked',
      body: {},
      idempotencyKey: 'k',
      label: 'Sofa',
      sentMessage: 'Booked successfully',
      invalidates: [],
      queuedAt: 1,
    })
    await whenSaved()
    expect(await db.queries.count()).toBe(3)

    await deletePrivateData()
    expect((await db.queries.toArray()).map((r) => r.key)).toEqual([['categories', 'list']])
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('at start', () => {
  it('waits for nothing on a device where nothing was saved', async () => {
    localStorage.clear()
    expect(restoreAtStart(new QueryClient(), { later: new Promise(() => {}) })).toBeUndefined()
  })

  it('holds the queries while it puts back what was saved', async () => {
    localStorage.clear()
    await client.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Sofas'] }), meta: publicMeta })
    await whenSaved()
    expect(localStorage.getItem(savedFlagKey)).not.toBeNull()

    const next = new QueryClient()
    const restored = restoreAtStart(next)
    expect(restored).toBeInstanceOf(Promise)
    await restored
    expect(next.getQueryData(['categories', 'list'])).toEqual({ items: ['Sofas'] })
  })

  it('forgets the flag when nothing is saved any more', async () => {
    localStorage.setItem(savedFlagKey, '1')
    await restoreQueries(new QueryClient())
    expect(localStorage.getItem(savedFlagKey)).toBeNull()
  })

  it('reads saved answers without making a database', async () => {
    expect(await readSavedQueries('never-made')).toEqual([])
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('never-made')
  })

  it('writes nothing before writeAfter', async () => {
    vi.resetModules()
    const fresh = await import('./persist-queries')
    const { db: freshDb } = await import('./db')
    let settle: () => void = () => {}
    const next = new QueryClient()
    const stopFresh = fresh.saveQueriesOffline(next, { writeAfter: new Promise<void>((resolve) => (settle = resolve)) })
    await next.fetchQuery({ queryKey: ['categories', 'list'], queryFn: () => ({ items: ['Lamps'] }), meta: publicMeta })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await freshDb.queries.count()).toBe(0)
    settle()
    await fresh.whenSaved()
    expect((await freshDb.queries.toArray()).map((r) => r.data)).toEqual([{ items: ['Lamps'] }])
    stopFresh()
  })
})
