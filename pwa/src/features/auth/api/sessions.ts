import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import { sessionKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { List, Session } from '@/lib/types'

export type { Session }

/** GET /api/auth/sessions: this one first, then the most recently seen. */
export function getSessions(page: PageRequest, signal?: AbortSignal): Promise<List<Session>> {
  return api.get('/auth/sessions', { query: page, signal })
}

export function useSessions() {
  return usePagedList(pagedListOptions(sessionKeys.list(), getSessions))
}

/** DELETE /api/auth/sessions/{id}: 204; that browser is signed out. */
export function endSession(id: string): Promise<void> {
  return api.delete('/auth/sessions/{id}', { path: { id } })
}

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endSession,
    onSettled: () => refreshAfterWrite(queryClient, { kind: 'sessions.ended' }),
  })
}
