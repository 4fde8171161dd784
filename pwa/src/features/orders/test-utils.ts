// Test data for the orders feature's tests.
import type { Booking, List } from '@/lib/types'
import { buyer } from '@/testing/fixtures'

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

export function list<T>(items: T[], total = items.length): List<T> {
  return { items, total }
}
