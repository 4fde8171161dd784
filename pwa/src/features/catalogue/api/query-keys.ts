// Query keys of the catalogue. The first element names the API resource, so
// other features can refresh what this one shows by prefix (['products'] after
// adding a product, ['advertised'] after advertising) without importing it.

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
}

export const productKeys = {
  all: ['products'] as const,
  /** The paged products of one category (an infinite query). */
  category: (name: string) => [...productKeys.all, 'category', name] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
}

export const advertisedKeys = {
  all: ['advertised'] as const,
  list: (limit: number) => [...advertisedKeys.all, 'list', { limit }] as const,
}

/**
 * The signed-in user's bookings. The orders feature lists them under its own
 * keys with the same ['bookings'] prefix; after booking we invalidate the prefix.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
}

/** The admin's reported-items list lives under this prefix. */
export const reportKeys = {
  all: ['reported'] as const,
}
