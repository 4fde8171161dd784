import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** POST /api/reviews/{id}/hide: 204; the review is out of sight for good, the reason in the audit log. */
export function hideReview({ id, reason }: { id: number; reason: string }): Promise<void> {
  return api.post('/reviews/{id}/hide', { path: { id }, body: { reason } })
}

export function useHideReview() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: hideReview, onSuccess: () => refreshAfterWrite(queryClient, { kind: 'report.dismissed' }) })
}
