// Prefixes shared with other features on purpose, so one invalidation
// refreshes every screen showing the same data:
//   ['products']    any product list (a deleted or sold product leaves them)
//   ['advertised']  the home page's adverts
//   ['bookings']    bookings, which the catalogue invalidates after booking
//   ['categories']  GET /api/categories, invalidated by Add Category
export const productKeys = {
  all: ['products'] as const,
  mine: (email: string) => [...productKeys.all, 'seller', email] as const,
}

export const advertisedKeys = {
  all: ['advertised'] as const,
}

export const myBuyersKeys = {
  all: ['bookings'] as const,
  list: () => [...myBuyersKeys.all, 'mybuyers'] as const,
}

export const categoryKeys = {
  all: ['categories'] as const,
  /** Every category, for the Add Product select. */
  choices: () => [...categoryKeys.all, 'choices'] as const,
}

export const sellerKeys = {
  verified: (email: string) => ['seller-verified', email] as const,
}
