import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { sellerKeys } from '@/lib/query-keys'

/** GET /api/users/seller/verified/{email} → {isVerified}. */
export async function getSellerVerified(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await api.get('/users/seller/verified/{user}', { path: { user: email }, signal })
  return answer.isVerified
}

export const sellerVerifiedQueryOptions = (email: string) =>
  queryOptions({
    queryKey: sellerKeys.verified(email),
    queryFn: ({ signal }) => getSellerVerified(email, signal),
  })

export function useSellerVerified(email: string) {
  return useQuery(sellerVerifiedQueryOptions(email))
}
