import { beforeEach, describe, expect, it } from 'vitest'
import { RehomeDB, type SavedQuery } from './db'
import type { OfflinePolicy } from './policy'
import { withoutContactDetails } from './contact-details'
import { deleteExpired, deletePrivateData, pictureUrls, saveQuery } from './query-store'
import { maxAge, readSavedQueries, trimPages } from './saved-rows'

const category: OfflinePolicy = { scope: 'public', group: 'category', limit: 2 }
const user: OfflinePolicy = { scope: 'private', group: 'user', limit: 1, owner: true }
const orders: OfflinePolicy = { scope: 'private', group: 'orders', limit: 1 }

function row(key: unknown[], policy: OfflinePolicy, savedAt: number, data: unknown = { items: [] }): SavedQuery {
  return { hash: JSON.stringify(key), key, scope: policy.scope, group: policy.group, savedAt, data }
}

const outboxEntry = {
  userId: 1,
  path: '/booked',
  body: { product_id: 7 },
  idempotencyKey: 'k1',
  label: 'Oak chair',
  sentMessage: 'Booked successfully',
  change: { kind: 'booking' as const, product_id: 7 },
  queuedAt: 1,
}

let db: RehomeDB
let databases = 0

// A database of its own for each test.
beforeEach(() => {
  db = new RehomeDB(`query-store-test-${++databases}`)
  return () => db.close()
})

describe('saved queries', () => {
  it('reads back what was saved, without Dexie', async () => {
    const now = Date.now()
    await saveQuery(db, row(['products', 'category', 'Sofas'], category, now - 10, { items: ['sofa'] }), category)
    await saveQuery(db, row(['products', 'category', 'Lamps'], category, now - 20), category)
    const saved = await readSavedQueries(db.name)
    expect(saved.map((r) => r.key.join('/')).sort()).toEqual(['products/category/Lamps', 'products/category/Sofas'])
    expect(saved.find((r) => r.key[2] === 'Sofas')).toMatchObject({ savedAt: now - 10, data: { items: ['sofa'] } })
  })

  it('evicts the least recently saved of a group past its limit, and nothing of other groups', async () => {
    await saveQuery(db, row(['categories', 'list'], { ...category, group: 'categories' }, 1), {
      ...category,
      group: 'categories',
    })
    for (const [name, time] of [
      ['Sofas', 10],
      ['Lamps', 20],
      ['Beds', 30],
    ] as const) {
      await saveQuery(db, row(['products', 'category', name], category, time), category)
    }
    // Fetching Sofas again makes it the most recent.
    await saveQuery(db, row(['products', 'category', 'Sofas'], category, 40), category)
    const keys = (await db.queries.toArray()).map((r) => r.key.join('/')).sort()
    expect(keys).toEqual(['categories/list', 'products/category/Beds', 'products/category/Sofas'])
  })

  it('drops answers older than the maximum age', async () => {
    const now = Date.now()
    await saveQuery(db, row(['products', 'category', 'Old'], category, now - maxAge - 1), category)
    await saveQuery(db, row(['products', 'category', 'New'], category, now), category)
    await deleteExpired(db, now)
    expect((await db.queries.toArray()).map((r) => r.key[2])).toEqual(['New'])
  })

  it('keeps only the first pages of an infinite list', () => {
    const pages = Array.from({ length: 8 }, (_, i) => ({ items: [i], total: 8 }))
    const trimmed = trimPages({ pages, pageParams: pages.map((_, i) => i * 24) }) as { pages: unknown[]; pageParams: number[] }
    expect(trimmed.pages).toHaveLength(5)
    expect(trimmed.pageParams).toEqual([0, 24, 48, 72, 96])
    expect(trimPages({ items: [] })).toEqual({ items: [] })
  })

  it('deletes private rows and the outbox when the signed-in user changes', async () => {
    await saveQuery(db, row(['auth', 'me'], user, 1, { id: 1, image: '/images/me.jpg' }), user)
    await saveQuery(db, row(['bookings', 'mine', 'list'], orders, 2), orders)
    await saveQuery(db, row(['products', 'category', 'Sofas'], category, 3), category)
    await db.outbox.add(outboxEntry)

    // The same user again (a refetch) keeps everything.
    await saveQuery(db, row(['auth', 'me'], user, 4, { id: 1, image: '/images/me.jpg' }), user)
    expect(await db.queries.count()).toBe(3)
    expect(await db.outbox.count()).toBe(1)

    // Signed out: only the public rows stay.
    await saveQuery(db, row(['auth', 'me'], user, 5, null), user)
    expect((await db.queries.toArray()).map((r) => r.key.join('/'))).toEqual(['products/category/Sofas'])
    expect(await db.outbox.count()).toBe(0)
  })

  it('deletes private data on request and names the pictures it showed', async () => {
    const booking = { id: 3, image: '/images/sofa.jpg', thumb_url: '/images/sofa-thumb.jpg', product: 'Sofa' }
    await saveQuery(db, row(['auth', 'me'], user, 1, { id: 1, image: '/images/me.jpg' }), user)
    await saveQuery(db, row(['bookings', 'mine', 'list'], orders, 2, { pages: [{ items: [booking] }] }), orders)
    await saveQuery(db, row(['products', 'category', 'Sofas'], category, 3), category)
    await db.outbox.add(outboxEntry)

    const pictures = await deletePrivateData(db)
    expect(pictures.sort()).toEqual(['/images/me.jpg', '/images/sofa-thumb.jpg', '/images/sofa.jpg'])
    expect(await db.queries.where('scope').equals('private').count()).toBe(0)
    expect(await db.queries.count()).toBe(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it("keeps public answers but not the sellers' contact details they showed the person who leaves", async () => {
    const sofa = { id: 7, product: 'Sofa', seller: 'Sam', seller_email: 'sam@example.com', seller_phone: '+1 555 0101' }
    const lamp = { id: 8, product: 'Lamp', seller: 'Sam' }
    const product: OfflinePolicy = { scope: 'public', group: 'product', limit: 5 }
    await saveQuery(db, row(['auth', 'me'], user, 1, { id: 1 }), user)
    await saveQuery(db, row(['products', 'detail', 7], product, 2, sofa), product)
    await saveQuery(db, row(['products', 'category', 'Sofas'], category, 3, { pages: [{ items: [sofa, lamp] }] }), category)

    // Another person signs in on the device.
    await saveQuery(db, row(['auth', 'me'], user, 4, { id: 2 }), user)
    const saved = Object.fromEntries((await db.queries.toArray()).map((r) => [r.key.join('/'), r.data]))
    const seen = { id: 7, product: 'Sofa', seller: 'Sam' }
    expect(saved['products/detail/7']).toEqual(seen)
    expect(saved['products/category/Sofas']).toEqual({ pages: [{ items: [seen, lamp] }] })
  })

  it('leaves an answer without contact details as it is', () => {
    const answer = { items: [{ id: 1, seller: 'Sam' }], total: 1 }
    expect(withoutContactDetails(answer)).toBe(answer)
  })

  it('finds picture URLs anywhere in an answer', () => {
    expect(pictureUrls({ a: [{ image: '/images/a.jpg', name: 'x' }], b: '/api/no', c: 3 })).toEqual(['/images/a.jpg'])
  })
})
