import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refreshAfterWrite } from '@/lib/refresh'

/** DELETE /api/reported/{id}: 204; the report goes, the product stays. */
export function dismissReport(id: number): Promise<void> {
  return api.delete('/reported/{id}', { path: { id } })
}

export function useDismissReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: dismissReport,
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'report.dismissed' }),
  })
}
