import type { QueryClient } from '@tanstack/react-query'

// ['products'], ['advertised'], ['bookings'] and ['categories'] are shared
// prefixes: other features list the same data under them.
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
}

export const reportKeys = {
  all: ['reported'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
}

export const categoryKeys = {
  all: ['categories'] as const,
}

/** Lists other features own; invalidated here when the server changed them too. */
export const sharedKeys = {
  products: ['products'] as const,
  advertised: ['advertised'] as const,
  bookings: ['bookings'] as const,
}

/** After a role change or a verification: every list of accounts. */
export function invalidateAccounts(queryClient: QueryClient) {
  return Promise.all(
    [userKeys.all, buyerKeys.all, sellerKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}

/**
 * After deleting an account: the server also removed its products with their
 * adverts and reports, and cancelled its open bookings.
 */
export function invalidateAfterAccountDeletion(queryClient: QueryClient) {
  return Promise.all([
    invalidateAccounts(queryClient),
    ...[reportKeys.all, sharedKeys.products, sharedKeys.advertised, sharedKeys.bookings].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ])
}

/** After removing a listing: it leaves the product lists, adverts and reports; its bookings are cancelled. */
export function invalidateAfterProductDeletion(queryClient: QueryClient) {
  return Promise.all(
    [reportKeys.all, sharedKeys.products, sharedKeys.advertised, sharedKeys.bookings].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}
