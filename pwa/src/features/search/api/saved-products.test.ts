import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { advertisedKeys, authKeys, bookingKeys, productKeys } from '@/lib/query-keys'
import { buyer, list, makeBooking, makeProduct } from '@/testing/fixtures'
import { savedProducts } from './saved-products'

describe('savedProducts', () => {
  it("collects every listing of the app's answers once, as most recently fetched", () => {
    const client = new QueryClient()
    const at = (minutes: number) => ({ updatedAt: Date.UTC(2026, 10, 25, 10, minutes) })
    client.setQueryData(
      productKeys.category('Chairs'),
      { pages: [list([makeProduct({ id: 1 }), makeProduct({ id: 2 })], 9)], pageParams: [0] },
      at(1),
    )
    client.setQueryData(productKeys.detail(2), makeProduct({ id: 2, resale_price: 10 }), at(5))
    client.setQueryData(advertisedKeys.list(24), list([makeProduct({ id: 3 })]), at(2))
    client.setQueryData(
      productKeys.search('q=oak'),
      { pages: [list([makeProduct({ id: 1, resale_price: 99 })])], pageParams: [0] },
      at(0),
    )
    client.setQueryData(productKeys.newest(), { pages: [list([makeProduct({ id: 4 })])], pageParams: [0] }, at(3))
    // Not listings: the account, orders.
    client.setQueryData(authKeys.me(), buyer)
    client.setQueryData(bookingKeys.list(), { pages: [list([makeBooking({ id: 5 })])], pageParams: [0] })

    const products = savedProducts(client)
    expect(products.map((p) => p.id).sort()).toEqual([1, 2, 3, 4])
    expect(products.find((p) => p.id === 2)?.resale_price).toBe(10)
    expect(products.find((p) => p.id === 1)?.resale_price).toBe(45.5)
  })

  it('finds nothing in an empty cache', () => {
    expect(savedProducts(new QueryClient())).toEqual([])
  })
})
