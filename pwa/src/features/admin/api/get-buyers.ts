import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { List, User } from '@/lib/types'
import { buyerKeys } from '@/lib/query-keys'

/** GET /api/buyers: the accounts with role Buyer. */
export function getBuyers(page: PageRequest, signal?: AbortSignal): Promise<List<User>> {
  return api.get('/buyers', { query: page, signal })
}

export const buyersQueryOptions = () => pagedListOptions(buyerKeys.list(), getBuyers)

export function useBuyers() {
  return usePagedList(buyersQueryOptions())
}
