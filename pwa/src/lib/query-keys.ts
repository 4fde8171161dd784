// Every react-query key of the app, in one table. The first element names the
// API resource, so one invalidation by prefix refreshes every screen that shows
// the same data, whichever feature owns the screen:
//   ['products']    any product list or product (a deleted or sold product leaves them)
//   ['advertised']  the home page's adverts
//   ['bookings']    the buyer's orders and the seller's buyers
//   ['categories']  GET /api/categories, invalidated by Add Category
//   ['conversations'] the signed-in person's conversations, their messages and unread count
//   ['reviews']     the reviews others see of a person (their seller page)
// Which of them each kind of change refreshes is lib/refresh.ts's table.
// Saved answers are stored in IndexedDB under their keys: a changed prefix
// would orphan what devices already hold.

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  /**
   * Mutations that give this browser's session a new cookie (a new password, signing out everywhere else): the
   * server ends the old cookie with the account's other sessions before its answer brings the new one.
   */
  renewal: () => [...authKeys.all, 'renewal'] as const,
  /** Log Out on this browser: from the moment it starts, nothing more may ask the server as that person. */
  signOut: () => [...authKeys.all, 'sign-out'] as const,
}

/**
 * The signed-in person's sessions (Profile). Not under authKeys: a new sign-in
 * drops every other key, and another person's sessions must go with them.
 */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
}

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
}

export const buyerKeys = {
  all: ['buyers'] as const,
  list: () => [...buyerKeys.all, 'list'] as const,
}

export const sellerKeys = {
  all: ['sellers'] as const,
  list: () => [...sellerKeys.all, 'list'] as const,
  /** Whether one seller is verified (the Add Product form shows it). */
  verified: (email: string) => [...sellerKeys.all, 'verified', email] as const,
  /** One seller's public card (GET /api/users/{id}/profile). */
  profile: (id: number) => [...sellerKeys.all, 'profile', id] as const,
}

export const reportKeys = {
  all: ['reported'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
}

export const auditKeys = {
  all: ['audit'] as const,
  list: () => [...auditKeys.all, 'list'] as const,
}

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
}

export const productKeys = {
  all: ['products'] as const,
  /** Every category's paged products (infinite queries). */
  categoryLists: () => [...productKeys.all, 'category'] as const,
  category: (name: string) => [...productKeys.categoryLists(), name] as const,
  /** The newest listings of every category, paged (the home page's Just listed). */
  newest: () => [...productKeys.all, 'newest'] as const,
  /** Every search's paged results (infinite queries). */
  searches: () => [...productKeys.all, 'search'] as const,
  /** One search, by its parameters as the search screen's address writes them ('q=sofa&sort=newest'). */
  search: (params: string) => [...productKeys.searches(), params] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  /** One seller's products (My Products). */
  mine: (email: string) => [...productKeys.all, 'seller', email] as const,
  /** One seller's listings for sale, paged (their seller page). */
  bySeller: (id: number) => [...productKeys.all, 'by-seller', id] as const,
}

export const advertisedKeys = {
  all: ['advertised'] as const,
  list: (limit: number) => [...advertisedKeys.all, 'list', { limit }] as const,
}

export const bookingKeys = {
  all: ['bookings'] as const,
  /** The signed-in buyer's orders. */
  mine: () => [...bookingKeys.all, 'mine'] as const,
  list: () => [...bookingKeys.mine(), 'list'] as const,
  detail: (id: number) => [...bookingKeys.mine(), 'detail', id] as const,
  /** Bookings on the signed-in seller's products (My Buyers). */
  onMyProducts: () => [...bookingKeys.all, 'mybuyers'] as const,
  /**
   * The buyer's handover code of one booking (GET /api/booked/{id}/handover): a booking's change refetches it,
   * so a code handed over meanwhile answers that it was.
   */
  handoverCode: (id: number) => [...bookingKeys.mine(), 'handover', id] as const,
}

/** The reviews others see of a person, newest first, paged (GET /api/users/{id}/reviews). */
export const reviewKeys = {
  all: ['reviews'] as const,
  ofUser: (id: number) => [...reviewKeys.all, 'user', id] as const,
}

/** GET /api/payment-methods: whether cards are taken, and the currency of every price (lib/currency.ts). */
export const paymentMethodsKey = ['payment-methods'] as const

export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => [...conversationKeys.all, 'list'] as const,
  /** GET /api/conversations/unread: the top bar's badge. */
  unread: () => [...conversationKeys.all, 'unread'] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: number) => [...conversationKeys.details(), id] as const,
  /** One conversation's messages, newest page first (an infinite query). */
  messages: (id: number) => [...conversationKeys.all, 'messages', id] as const,
}

/**
 * This visit's requests the outbox sent later and the server refused (lib/offline/refused.ts): kept in the cache
 * alone, never fetched nor saved, so a new sign-in drops them with the rest.
 */
export const outboxKeys = {
  all: ['outbox'] as const,
  refused: () => [...outboxKeys.all, 'refused'] as const,
}

/** The people the signed-in person blocked, newest first (Profile, and a conversation's notice). */
export const blockKeys = {
  all: ['blocks'] as const,
  list: () => [...blockKeys.all, 'list'] as const,
}

/** The signed-in person's phone notification settings (Profile). */
export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  preferences: () => [...pushKeys.all, 'preferences'] as const,
  /** The devices the person's notifications go to. */
  devices: () => [...pushKeys.all, 'devices'] as const,
}

/** GET /api/site, changed by an admin's Site settings. */
export const siteKeys = {
  all: ['site'] as const,
  settings: () => [...siteKeys.all, 'settings'] as const,
  /** GET /api/search/synonyms (admins). */
  synonyms: () => [...siteKeys.all, 'synonyms'] as const,
}

/** The community's posts (Blogs): the paged list and each post by its slug. */
export const postKeys = {
  all: ['posts'] as const,
  list: () => [...postKeys.all, 'list'] as const,
  detail: (slug: string) => [...postKeys.all, 'detail', slug] as const,
}
