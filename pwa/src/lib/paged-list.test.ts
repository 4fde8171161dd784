import { describe, expect, it } from 'vitest'
import { flattenPages, nextOffset } from './paged-list'

const item = (id: number) => ({ id })

describe('paged lists', () => {
  it('asks for the next offset while the server has more', () => {
    expect(nextOffset({ items: [item(1), item(2)], total: 5 }, 0)).toBe(2)
    expect(nextOffset({ items: [item(3), item(4)], total: 5 }, 2)).toBe(4)
    expect(nextOffset({ items: [item(5)], total: 5 }, 4)).toBeUndefined()
    // An empty page ends the list even if total says otherwise (items removed meanwhile).
    expect(nextOffset({ items: [], total: 5 }, 4)).toBeUndefined()
  })

  it('joins the pages, dropping items a shifted page repeats, and keeps the latest total', () => {
    const data = {
      pages: [
        { items: [item(1), item(2)], total: 4 },
        { items: [item(2), item(3)], total: 5 },
      ],
      pageParams: [0, 2],
    }
    expect(flattenPages(data)).toEqual({ items: [item(1), item(2), item(3)], total: 5 })
    expect(flattenPages(undefined)).toEqual({ items: [], total: 0 })
  })
})
