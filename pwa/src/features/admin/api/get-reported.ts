import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { List, ReportedProduct } from '@/lib/types'
import { reportKeys } from '@/lib/query-keys'

/** GET /api/reported: reported products, most recently reported first. */
export function getReported(page: PageRequest, signal?: AbortSignal): Promise<List<ReportedProduct>> {
  return api.get('/reported', { query: page, signal })
}

export const reportedQueryOptions = () => pagedListOptions(reportKeys.list(), getReported)

export function useReported() {
  return usePagedList(reportedQueryOptions())
}
