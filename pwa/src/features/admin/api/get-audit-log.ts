import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import type { AuditEntry, List } from '@/lib/types'
import { auditKeys } from '@/lib/query-keys'

/** GET /api/audit: what admins did, newest first (admins only). */
export function getAuditLog(page: PageRequest, signal?: AbortSignal): Promise<List<AuditEntry>> {
  return api.get('/audit', { query: page, signal })
}

export const auditLogQueryOptions = () => pagedListOptions(auditKeys.list(), getAuditLog)

export function useAuditLog() {
  return usePagedList(auditLogQueryOptions())
}
