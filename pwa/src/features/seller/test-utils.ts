// Test data for the seller feature's tests.
import type { Booking, Category, List, Product } from '@/lib/types'
import { buyer, seller } from '@/testing/fixtures'

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
    seller_verified: true,
    purchase_year: 2019,
    use_period: '5 years',
    status: 'Available',
    time: '2026-11-22T10:15:00.000Z',
    ...overrides,
  }
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const id = overrides.id ?? 1
  return {
    id,
    product_id: 100 + id,
    product: `Oak chair ${id}`,
    category: 'Chairs',
    image: `/images/chair-${id}.jpg`,
    thumb_url: `/images/chair-${id}-thumb.jpg`,
    price: 45.5,
    location: 'Springfield station',
    buyer_name: buyer.name,
    buyer_email: buyer.email,
    buyer_phone: buyer.phone,
    status: 'Booked',
    time: '2026-11-22T10:15:00.000Z',
    ...overrides,
  }
}

export const categories: Category[] = [
  {
    id: 1,
    name: 'Chairs',
    image: '/images/chairs.jpg',
    thumb_url: '/images/chairs-thumb.jpg',
    time: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    name: 'Sofas',
    image: '/images/sofas.jpg',
    thumb_url: '/images/sofas-thumb.jpg',
    time: '2026-01-02T00:00:00.000Z',
  },
]

export function list<T>(items: T[], total = items.length): List<T> {
  return { items, total }
}

export function picture(name = 'chair.png') {
  return new File(['not really a png'], name, { type: 'image/png' })
}
