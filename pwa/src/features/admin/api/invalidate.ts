import type { QueryClient } from '@tanstack/react-query'
import { advertisedKeys, bookingKeys, buyerKeys, productKeys, reportKeys, sellerKeys, userKeys } from '@/lib/query-keys'

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** After a role change or a verification: every list of accounts. */
export function invalidateAccounts(queryClient: QueryClient) {
  return invalidateAll(queryClient, [userKeys.all, buyerKeys.all, sellerKeys.all])
}

/** After removing a listing: it leaves the product lists, adverts and reports; its bookings are cancelled. */
export function invalidateAfterProductDeletion(queryClient: QueryClient) {
  return invalidateAll(queryClient, [reportKeys.all, productKeys.all, advertisedKeys.all, bookingKeys.all])
}

/**
 * After deleting an account: the server also removed its products with their
 * adverts and reports, and cancelled its open bookings.
 */
export function invalidateAfterAccountDeletion(queryClient: QueryClient) {
  return Promise.all([invalidateAccounts(queryClient), invalidateAfterProductDeletion(queryClient)])
}
