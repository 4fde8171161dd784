import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { deletePrivateData, restoreQueries, saveQueriesOffline, whenSaved } from './persist-queries'

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
