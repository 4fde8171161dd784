// Shapes of the JSON the server sends, as docs/api.md describes them.
// Times are RFC 3339 strings in UTC; prices are numbers with at most two decimals.

export type Role = 'Buyer' | 'Seller' | 'Admin'

/** Roles a person may pick when registering. */
export const registrationRoles = ['Buyer', 'Seller'] as const
export type RegistrationRole = (typeof registrationRoles)[number]

export interface User {
  id: number
  name: string
  email: string
  role: Role
  image: string
  phone: string
  location: string
  /**
   * The person proved they own the email (a mailed link, or Google). Sent
   * only about oneself and to admins; missing from answers saved before
   * the server sent it.
   */
  email_verified?: boolean
  /**
   * "Show my phone on my listings": everyone signed in sees their listings' phone, not only their
   * buyers. Absent from answers saved before the server had it.
   */
  show_phone?: boolean
  /**
   * Whether the account can log in with a password: one made through Google, or whose password was removed when
   * Google proved the email belonged to someone else, sets a first one. Absent from answers saved before the server
   * sent it.
   */
  has_password?: boolean
  /** Sent for sellers only. */
  verified?: boolean
}

export interface Category {
  id: number
  name: string
  image: string
  thumb_url: string
  time: string
  /** Its Available and Reserved listings; missing from answers saved before the server counted them. */
  count?: number
}

export const conditions = ['Excellent', 'Good', 'Fair'] as const
export type Condition = (typeof conditions)[number]

/** Reserved: someone has an open booking for it (others may still join the queue). */
export type ProductStatus = 'Available' | 'Reserved' | 'Sold'

/** Outer measures in centimetres; each is optional, at least one is given. */
export interface Dimensions {
  width_cm?: number
  depth_cm?: number
  height_cm?: number
}

export interface Product {
  id: number
  category: string
  /** The product's name. */
  product: string
  description: string
  /** The cover: images[0]. */
  image: string
  /** The cover's thumbnail: thumbs[0]. */
  thumb_url: string
  /** Every photo in the seller's order (1 to 8), the cover first. */
  images: string[]
  /** The thumbnail of each of images, in the same order. */
  thumbs: string[]
  dimensions: Dimensions | null
  condition: Condition
  location: string
  /** Null when the seller left it out. */
  original_price: number | null
  resale_price: number
  /** The seller's name. */
  seller: string
  /** The seller's account, for their other listings (GET /api/products?seller=); absent from older answers. */
  seller_id?: number
  /**
   * How to reach the seller, as the server lets this viewer see it: the email for the seller and
   * admins only; the phone also for a buyer with an open or paid booking of it, or for everyone
   * signed in when the seller shows it. Absent otherwise, and the phone when the listing has none.
   */
  seller_email?: string
  seller_phone?: string
  /** Read live from the seller's account. */
  seller_verified: boolean
  /** Null when the seller left it out. */
  purchase_year: number | null
  /** Null when the seller left it out. */
  use_period: string | null
  status: ProductStatus
  /** The signed-in viewer's own open or paid booking of it, or null (declined or cancelled ones are history). */
  my_booking_id: number | null
  /** Shown on the home page. */
  advertised: boolean
  time: string
}

/** Body of POST /api/products. Seller fields and time come from the account and the clock. */
export interface NewProduct {
  category: string
  product: string
  /** Optional, as are original_price, purchase_year and use_period; "" clears one in a PATCH. */
  description?: string
  /** The cover; optional when images is given (then images[0]). */
  image?: string
  /** 1 to 8 URLs from POST /api/images, in order, the cover first. */
  images?: string[]
  dimensions?: Dimensions | null
  condition: Condition
  location: string
  original_price?: number | string
  resale_price: number | string
  seller_phone?: string
  purchase_year?: number | string
  use_period?: string
}

/** Body of PATCH /api/products/{id}: only the fields given change; dimensions null clears them. */
export type ProductChanges = Partial<Omit<NewProduct, 'seller_phone'>>

export type BookingStatus = 'Booked' | 'Paid' | 'Cancelled' | 'Declined'

export interface Booking {
  id: number
  /** null once the product is deleted. */
  product_id: number | null
  product: string
  category: string
  image: string
  thumb_url: string
  price: number
  /** Where buyer and seller meet. */
  location: string
  buyer_name: string
  buyer_email: string
  buyer_phone: string
  status: BookingStatus
  /** Why the seller declined it; empty otherwise. */
  decline_reason: string
  time: string
  /** The pickup time buyer and seller agreed on in their conversation; null or absent until then. */
  pickup_at?: string | null
  /** The conversation between this booking's buyer and seller about its product, once there is one. */
  conversation_id?: number | null
}

/** One message of a conversation; a pickup proposal has pickup_at (and may have no text). */
export interface Message {
  id: number
  conversation_id: number
  sender_id: number
  /** Sent by the viewer. */
  mine: boolean
  text: string
  /** The proposed pickup time of a proposal; null for a plain message. */
  pickup_at: string | null
  /** The other side accepted this proposal. */
  accepted: boolean
  /** The other side declined this proposal. */
  declined: boolean
  /** A newer proposal followed this one: it can no longer be answered. */
  superseded: boolean
  time: string
}

/** A buyer and the seller of one product talking; the product is a snapshot that outlives it. */
export interface Conversation {
  id: number
  /** The viewer's side. */
  role: 'buyer' | 'seller'
  product: {
    /** null once the product is deleted. */
    id: number | null
    name: string
    image: string
    thumb_url: string
    price: number
  }
  other: { id: number; name: string; image: string }
  /** The buyer's newest booking of the product, or null. */
  booking: { id: number; status: BookingStatus; pickup_at: string | null } | null
  last_message: Message | null
  /** Messages to the viewer not read yet. */
  unread: number
  /** Time of the last message. */
  updated: string
}

/** Body of POST /api/booked; everything else comes from the product and the account. */
export interface NewBooking {
  product_id: number
  location: string
  buyer_phone: string
}

export interface ReportedProduct {
  /** The report's id, for dismissing it. */
  id: number
  product_id: number
  product: string
  image: string
  thumb_url: string
  resale_price: number
  seller: string
  seller_email: string
  /** How many users reported it. */
  reports: number
  /** The latest reason given. */
  reason: string
  time: string
}

/** What an admin did; the screen shows an action it does not know as it is. */
export type AuditAction =
  | 'promote_user'
  | 'verify_seller'
  | 'delete_user'
  | 'dismiss_report'
  | 'create_category'
  | 'reset_link'
  /** Not an admin's: the email's owner, signing in with Google, took over an account made with it before it was proven. */
  | 'claim_account'

/** One entry of GET /api/audit: who did what to whom, and when, with the names as they were then. */
export interface AuditEntry {
  id: number
  time: string
  /** null once that admin's account is gone. */
  actor_id: number | null
  actor_name: string
  actor_email: string
  action: AuditAction | (string & {})
  target_type: 'user' | 'category' | 'report' | (string & {})
  target_id: number
  /** The target as it was: "Name <email>", a category's name, a reported product's name. */
  target: string
}

/** Answer of POST /api/images. */
export interface Image {
  url: string
  thumb_url: string
  width: number
  height: number
}

/** Every list endpoint answers this; total counts the whole list, not the page. */
export interface List<T> {
  items: T[]
  total: number
}

/** limit defaults to 24 (at most 100), offset to 0. */
export interface Page {
  limit?: number
  offset?: number
}

/** One of the community's posts (Blogs), written by an admin; body in Markdown. */
export interface Post {
  id: number
  /** Its address, /blogs/{slug}: made from the first title and kept when the title changes. */
  slug: string
  title: string
  body: string
  /** id is null once the author's account is gone. */
  author: { id: number | null; name: string }
  created: string
  updated: string
}

/** GET /api/site: what the community says about its marketplace (texts in Markdown). */
export interface Site {
  name: string
  tagline: string
  about: string
  rules: string
  privacy: string
  terms: string
  contact_email: string
  /** Visitors who are not signed in may browse the listings. */
  public_listings: boolean
}

/** GET /api/users/{id}/profile: a seller's card, never with a way to reach them. */
export interface SellerProfile {
  id: number
  name: string
  image: string
  verified: boolean
  /** When the account was made (RFC 3339). */
  member_since: string
  /** Listings for sale now (Available or Reserved). */
  listings: number
  sold: number
}
