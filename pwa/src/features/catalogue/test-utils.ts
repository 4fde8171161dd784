// Test data for the catalogue's tests.
import type { List, Product } from '@/lib/types'
import type { Category } from '@/lib/types'
import { seller } from '@/testing/fixtures'

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1
  return {
    id,
    category: 'Chairs',
    product: `Oak chair ${id}`,
    description: 'Solid oak, a few scratches on one leg.',
    image: `/images/chair-${id}.jpg`,
    thumb_url: `/images/chair-${id}-thumb.jpg`,
    condition: 'Good',
    location: 'Springfield',
    original_price: 120,
    resale_price: 45.5,
    seller: seller.name,
    seller_email: seller.email,
    seller_phone: seller.phone,
    seller_verified: false,
    purchase_year: 2019,
    use_period: '5 years',
    status: 'Available',
    time: '2026-11-22T10:15:00.000Z',
    ...overrides,
  }
}

export function makeProducts(count: number, firstId = 1): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct({ id: firstId + i }))
}

export function list<T>(items: T[], total = items.length): List<T> {
  return { items, total }
}

export const categories: Category[] = [
  { id: 1, name: 'Chairs', image: '/images/chairs.jpg', thumb_url: '/images/chairs-thumb.jpg', time: '2026-01-01T00:00:00.000Z' },
  { id: 2, name: 'Dining tables', image: '/images/tables.jpg', thumb_url: '/images/tables-thumb.jpg', time: '2026-01-02T00:00:00.000Z' },
]

/** A response the test answers when it chooses, to see what happens before the server does. */
export function deferred() {
  let resolve: (response: Response) => void = () => {}
  const promise = new Promise<Response>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
