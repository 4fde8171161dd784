// Shapes of the JSON the server sends and takes: the API's OpenAPI document
// (contract/openapi.json) is the one description, and src/lib/api/schema.gen.ts
// is generated from it (npm run contract). Here they get the names the app
// uses; the few shapes of the app's own are made from them.
// Times are RFC 3339 strings in UTC; prices are numbers with at most two decimals.
import type { components } from './api/schema.gen'

type Schemas = components['schemas']

/**
 * An answer as the app may hold it: the keys named were added to the server's
 * answer after the first release, so an answer saved on the device before
 * then (the offline store, src/lib/offline) lacks them.
 */
type SavedEarlier<T, Added extends keyof T> = Omit<T, Added> & Partial<Pick<T, Added>>

export type Role = Schemas['Role']

export { registrationRoles } from './api/contract.gen'
export type RegistrationRole = Schemas['Registration']['role']

/** The form of POST /api/auth/register (multipart). */
export type Registration = Schemas['Registration']

/**
 * An account: email_verified, show_phone and has_password are sent only about oneself and to admins;
 * suspended_until (null unless an admin's suspension lasts) and suspend_reason came with suspensions,
 * language (empty until the person chooses) with languages.
 */
export type User = SavedEarlier<
  Schemas['User'],
  'email_verified' | 'show_phone' | 'has_password' | 'suspended_until' | 'suspend_reason' | 'language'
>

/** count: its Available and Reserved listings. */
export type Category = SavedEarlier<Schemas['Category'], 'count'>

export { conditions } from './api/contract.gen'
export type Condition = Schemas['Condition']

/** Reserved: someone has an open booking for it (others may still join the queue). */
export type ProductStatus = Schemas['ProductStatus']

/** Outer measures in centimetres; each is optional, at least one is given. */
export type Dimensions = Schemas['Dimensions']

/** seller_id: the seller's account, for their other listings (GET /api/products?seller=). */
export type Product = SavedEarlier<Schemas['Product'], 'seller_id'>

/** Body of POST /api/products. Seller fields and time come from the account and the clock. */
export type NewProduct = Schemas['ProductInput']

/** Body of PATCH /api/products/{id}: only the fields given change; dimensions null clears them. */
export type ProductChanges = Schemas['ProductChanges']

export type BookingStatus = Schemas['BookingStatus']

/**
 * pickup_at: agreed in the conversation; conversation_id: once there is one;
 * handed_over_at: when the seller entered the buyer's handover code;
 * review_until: until when each side may review the other (null while it may not);
 * no_show: who did not come to the agreed pickup, when the booking ended so;
 * buyer_id: whose page the seller may open (null once the account is gone);
 * new: in My Buyers, not seen there yet.
 */
export type Booking = SavedEarlier<
  Schemas['Booking'],
  | 'pickup_at'
  | 'conversation_id'
  | 'handed_over_at'
  | 'review_until'
  | 'buyer_reviewed'
  | 'seller_reviewed'
  | 'no_show'
  | 'buyer_id'
  | 'new'
>

/** The top bar's counts (GET /api/conversations/unread): unread messages, and the seller's new bookings. */
export type Badge = Schemas['Badge']

/** One message of a conversation; a pickup proposal has pickup_at (and may have no text). */
export type Message = Schemas['ChatMessage']

/** A buyer and the seller of one product talking; the product is a snapshot that outlives it. */
export type Conversation = Schemas['Conversation']

/** Body of POST /api/booked; everything else comes from the product and the account. */
export type NewBooking = Schemas['BookingInput']

export type ReportedProduct = Schemas['ReportedProduct']

/** Body of POST /api/reported: one of product_id, user_id, message_id or review_id, and an optional reason. */
export type ReportInput = Schemas['ReportInput']

/**
 * One entry of GET /api/audit: who did what to whom, and when, with the names
 * as they were then. The screen shows an action or a kind of target it does
 * not know as it is, so an older app reads a newer server's log.
 */
export type AuditEntry = Omit<Schemas['AuditEntry'], 'action'> & {
  action: AuditAction | (string & {})
}

/** What an admin did (and claim_account: the email's owner, signing in with Google, took over an account made with it). */
export type AuditAction = Schemas['AuditAction']

/** Answer of POST /api/images. */
export type Image = Schemas['Image']

/** Every list endpoint answers this; total counts the whole list, not the page. */
export type List<T> = Omit<Schemas['ProductPage'], 'items'> & { items: T[] }

/** limit defaults to 24 (at most 100), offset to 0. */
export interface Page {
  limit?: number
  offset?: number
}

/** One of the community's posts (Blogs), written by an admin; body in Markdown. */
export type Post = Schemas['Post']

/** GET /api/site: what the community says about its marketplace (texts in Markdown); language came later. */
export type Site = SavedEarlier<Schemas['Site'], 'language'>

/** A signed-in browser of this account (GET /api/auth/sessions). */
export type Session = Schemas['Session']

/** Someone the signed-in person blocked (GET /api/blocks), since when. */
export type BlockedUser = Schemas['BlockedUser']

/** Body of POST /api/users/{id}/suspend (admins). */
export type SuspendInput = Schemas['SuspendInput']

/** Body of PATCH /api/auth/me: only the fields given change. */
export type ProfileChanges = Schemas['ProfileChanges']

/** Body of POST /api/posts: both fields; PATCH takes any of them. */
export type PostInput = Required<Schemas['PostInput']>

/** Answer of POST /api/booked/{id}/checkout: what Stripe's card form needs. */
export type Checkout = Schemas['Checkout']

/** GET /api/payment-methods; currency is ISO 4217, lower case ('usd'). */
export type PaymentMethods = SavedEarlier<Schemas['PaymentMethods'], 'currency'>

/** GET /api/products: a page of the search, and a better spelling when it found nothing. */
export type SearchResult = List<Product> & Pick<Schemas['SearchResult'], 'suggestion'>

/** A kind of phone notification a person may turn off. */
export type PushKind = Schemas['PushKind']

/** GET /api/push/preferences: which kinds of notification this person gets. */
export type PushPreferences = Schemas['PushPreferences']
export type PushDevice = Schemas['PushDevice']

/** The name (`event:`) of a live event of GET /api/events. */
export type EventName = Schemas['EventName']

/**
 * GET /api/users/{id}/profile: a seller's card, never with a way to reach them;
 * a buyer's (sells: false, no listings) for the sellers they booked with.
 */
export type SellerProfile = Schemas['SellerProfile']
export type NoShowRecord = Schemas['NoShowRecord']

/** The reviews others see of a person, summed up: average stars to one decimal (0 with none) and how many. */
export type Rating = Schemas['Rating']

/** One side's review of the other after a handover; role is the side its author took. */
export type Review = Schemas['Review']

/** Body of POST /api/booked/{id}/review and /api/mybuyers/{id}/review. */
export type ReviewInput = Schemas['ReviewInput']
