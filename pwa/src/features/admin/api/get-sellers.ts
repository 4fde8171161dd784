import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { List, User } from '@/lib/types'
import { sellerKeys } from '@/lib/query-keys'

/** GET /api/sellers: the accounts with role Seller, with their verified state. */
export function getSellers(page: PageRequest, signal?: AbortSignal): Promise<List<User>> {
  return api.get('/sellers', { query: page, signal })
}

export const sellersQueryOptions = () => pagedListOptions(sellerKeys.list(), getSellers)

export function useSellers() {
  return usePagedList(sellersQueryOptions())
}
