import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitLimit } from '@/testing/wait'
import { RehomeDB, type SavedQuery } from './db'
import { WriteOnClose } from './write-on-close'

function row(name: string, scope: SavedQuery['scope'] = 'public'): SavedQuery {
  const key = ['products', 'category', name]
  return { hash: JSON.stringify(key), key, scope, group: 'category', savedAt: 1, data: { items: [name] } }
}

let writer: WriteOnClose

afterEach(() => writer.close())

describe('write on close', () => {
  it('puts the public rows through a connection opened beforehand', async () => {
    const db = new RehomeDB('write-on-close-test')
    await db.open()
    writer = new WriteOnClose()
    await writer.open(db.name)
    expect(writer.write([row('Sofas'), row('Mine', 'private')])).toBe(true)
    await vi.waitFor(async () => expect((await db.queries.toArray()).map((r) => r.key[2])).toEqual(['Sofas']), {
      timeout: waitLimit,
    })
    db.close()
  })

  it('makes no database where there is none', async () => {
    writer = new WriteOnClose()
    await writer.open('write-on-close-none')
    expect(writer.write([row('Sofas')])).toBe(false)
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('write-on-close-none')
  })
})
