import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { pagedListOptions, usePagedList, type PageRequest } from '@/lib/paged-list'
import { sessionKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { List } from '@/lib/types'

export interface Session {
  /** Opaque, hex. */
  id: string
  /** "Chrome on Android", read from the browser that signed in. */
  device: string
  created_at: string
  last_seen: string
  /** The session of this browser. */
  current: boolean
}

/** GET /api/auth/sessions: this one first, then the most recently seen. */
export function getSessions(page: PageRequest, signal?: AbortSignal): Promise<List<Session>> {
  return api.get<List<Session>>('/auth/sessions', { params: { ...page }, signal })
}

export function useSessions() {
  return usePagedList(pagedListOptions(sessionKeys.list(), getSessions))
}

/** DELETE /api/auth/sessions/{id}: 204; that browser is signed out. */
export function endSession(id: string): Promise<void> {
  return api.delete(`/auth/sessions/${encodeURIComponent(id)}`)
}

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endSession,
    onSettled: () => refreshAfterWrite(queryClient, { kind: 'sessions.ended' }),
  })
}
