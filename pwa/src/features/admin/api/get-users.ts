import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { List, User } from '@/lib/types'
import { userKeys } from '@/lib/query-keys'

/** GET /api/users: every account, oldest first. */
export function getUsers(page: PageRequest, signal?: AbortSignal): Promise<List<User>> {
  return api.get('/users', { query: page, signal })
}

export const usersQueryOptions = () => pagedListOptions(userKeys.list(), getUsers)

export function useUsers() {
  return usePagedList(usersQueryOptions())
}
