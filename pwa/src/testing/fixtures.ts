// Test data shared by every feature's tests: the three accounts and makers of
// the server's answers, typed as the API's OpenAPI document gives them (not
// as the app may hold them, with keys older answers lacked), so that what a
// test's server answers is what the real one would.
import type { components } from '@/lib/api/schema.gen'
import { defaultSite } from '@/lib/site'
import type { List } from '@/lib/types'
import type { MockResponse } from './mock-api'

type Schemas = components['schemas']
// The server's shapes, for tests to type what their server answers.
export type User = Schemas['User']
export type Product = Schemas['Product']
export type Booking = Schemas['Booking']
export type Category = Schemas['Category']
export type ReportedProduct = Schemas['ReportedProduct']
export type Message = Schemas['ChatMessage']
export type Conversation = Schemas['Conversation']
export type Post = Schemas['Post']
export type Site = Schemas['Site']
export type AuditEntry = Schemas['AuditEntry']
export type BlockedUser = Schemas['BlockedUser']
export type Review = Schemas['Review']
export type Rating = Schemas['Rating']
export type NoShowRecord = Schemas['NoShowRecord']

/** What the server says of every account besides who it is: an email confirmed, a password, no suspension, no language chosen. */
const account = { email_verified: true, has_password: true, suspended_until: null, suspend_reason: '', language: '' } as const

export const buyer: User = {
  id: 1,
  name: 'Bea Buyer',
  email: 'bea@example.com',
  role: 'Buyer',
  image: '/images/bea.webp',
  phone: '+1 555 0100',
  location: 'Springfield',
  show_phone: false,
  ...account,
}

export const seller: User = {
  id: 2,
  name: 'Sam Seller',
  email: 'sam@example.com',
  role: 'Seller',
  image: '/images/sam.webp',
  phone: '+1 555 0101',
  location: 'Shelbyville',
  show_phone: false,
  verified: true,
  ...account,
}

export const admin: User = {
  id: 3,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'Admin',
  image: '/images/ada.webp',
  phone: '',
  location: '',
  show_phone: false,
  ...account,
}

/**
 * A product of the seller above, as someone with no booking of it sees it: without the seller's
 * email and phone. Ids shape its name and pictures.
 */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1
  return {
    id,
    category: 'Chairs',
    product: `Oak chair ${id}`,
    description: 'Solid oak, a few scratches on one leg.',
    image: `/images/chair-${id}.jpg`,
    thumb_url: `/images/chair-${id}-thumb.jpg`,
    images: [`/images/chair-${id}.jpg`],
    thumbs: [`/images/chair-${id}-thumb.jpg`],
    dimensions: null,
    condition: 'Good',
    location: 'Springfield',
    original_price: 120,
    resale_price: 45.5,
    seller: seller.name,
    seller_id: seller.id,
    seller_verified: false,
    purchase_year: 2019,
    use_period: '5 years',
    status: 'Available',
    my_booking_id: null,
    advertised: false,
    time: '2026-11-22T10:15:00.000Z',
    ...overrides,
  }
}

export function makeProducts(count: number, firstId = 1): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct({ id: firstId + i }))
}

/** The buyer above's booking of product 100 + id. */
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
    buyer_id: buyer.id,
    buyer_name: buyer.name,
    buyer_email: buyer.email,
    buyer_phone: buyer.phone,
    status: 'Booked',
    decline_reason: '',
    no_show: '',
    cancel_reason: '',
    no_show_answer: '',
    time: '2026-11-22T10:15:00.000Z',
    pickup_at: null,
    conversation_id: null,
    handed_over_at: null,
    review_until: null,
    buyer_reviewed: false,
    seller_reviewed: false,
    new: false,
    ...overrides,
  }
}

/** The reports on product 100 + id, as the admin's list shows them. */
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
    kind: 'product',
    user_id: seller.id,
    user: seller.name,
    user_email: seller.email,
    message_id: null,
    conversation_id: null,
    context: null,
    review_id: null,
    rating: null,
    text: '',
    reports: 2,
    reason: 'Looks like a scam',
    time: '2026-11-22T10:15:00.000Z',
    ...overrides,
  }
}

/** The marketplace's settings as a new one answers them. */
export const site: Site = { ...defaultSite, language: 'en' }

export const categories: Category[] = [
  {
    id: 1,
    name: 'Chairs',
    image: '/images/chairs.jpg',
    thumb_url: '/images/chairs-thumb.jpg',
    time: '2026-01-01T00:00:00.000Z',
    count: 3,
  },
  {
    id: 2,
    name: 'Dining tables',
    image: '/images/tables.jpg',
    thumb_url: '/images/tables-thumb.jpg',
    time: '2026-01-02T00:00:00.000Z',
    count: 2,
  },
  {
    id: 3,
    name: 'Sofas',
    image: '/images/sofas.jpg',
    thumb_url: '/images/sofas-thumb.jpg',
    time: '2026-01-03T00:00:00.000Z',
    count: 1,
  },
]

/** A server list answer: {items, total}. */
export function list<T>(items: T[], total = items.length): List<T> {
  return { items, total }
}

/** A file as a file input gives it; jsdom does not read it. */
export function picture(name = 'chair.png') {
  return new File(['not really a png'], name, { type: 'image/png' })
}

/** A response the test answers when it chooses, to see what happens before the server does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers any route, each test's own
export function deferred<T = any>() {
  let resolve: (response: MockResponse<T>) => void = () => {}
  const promise = new Promise<MockResponse<T>>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** Message `id` of conversation 3, from the buyer above (mine when the buyer is the viewer). */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  const id = overrides.id ?? 1
  return {
    id,
    conversation_id: 3,
    sender_id: buyer.id,
    mine: true,
    text: `Message ${id}`,
    pickup_at: null,
    accepted: false,
    declined: false,
    superseded: false,
    time: `2026-11-25T10:${String(id % 60).padStart(2, '0')}:00Z`,
    ...overrides,
  }
}

/** Conversation `id` between the buyer above (the viewer) and the seller, about Oak table 5. */
export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = overrides.id ?? 3
  return {
    id,
    role: 'buyer',
    product: { id: 5, name: 'Oak table', image: '/images/table.jpg', thumb_url: '/images/table-thumb.jpg', price: 120.5 },
    other: { id: seller.id, name: seller.name, image: seller.image },
    booking: null,
    last_message: makeMessage({ id: 9, conversation_id: id, mine: false, sender_id: seller.id, text: 'It fits in a car' }),
    unread: 0,
    updated: '2026-11-25T10:09:00Z',
    ...overrides,
  }
}

/** A post of the admin above; ids shape its slug and title. */
export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? 1
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    body: `## Why\n\nThe **body** of post ${id}, with [a link](https://example.com).\n\n- one\n- two`,
    author: { id: 3, name: 'Ada Admin' },
    created: '2026-06-01T09:00:00Z',
    updated: '2026-06-01T09:00:00Z',
    ...overrides,
  }
}
