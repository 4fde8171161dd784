// Test data for the admin feature's tests.
import type { List, ReportedProduct } from '@/lib/types'
import { seller } from '@/testing/fixtures'

export function makeReport(overrides: Partial<ReportedProduct> = {}): ReportedProduct {
  const id = overrides.id ?? 1
  return {
    id,
    product_id: 100 + id,
    product: `Oak chair ${id}`,
    image: `/images/chair-${id}.jpg`,
    thumb_url: `/images/chair-${id}-thumb.jpg`,
    resale_price: 45.5,
    seller: seller.name,
    seller_email: seller.email,
    reports: 2,
    reason: 'Looks like a scam',
    time: '2026-11-22T10:15:00.000Z',
    ...overrides,
  }
}

export function list<T>(items: T[], total = items.length): List<T> {
  return { items, total }
}

export function picture(name = 'chairs.png') {
  return new File(['not really a png'], name, { type: 'image/png' })
}
