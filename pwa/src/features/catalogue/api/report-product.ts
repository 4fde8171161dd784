import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { reportKeys } from './query-keys'

export interface ReportInput {
  product_id: number
  /** Optional, at most 500 characters. */
  reason: string
}

/** POST /api/reported: 201 {product_id}; 409 when this user already reported it, 403 on one's own product. */
export function reportProduct(input: ReportInput): Promise<{ product_id: number }> {
  return api.post<{ product_id: number }>('/reported', input)
}

export function useReportProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reportProduct,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  })
}
