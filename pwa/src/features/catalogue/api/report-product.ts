import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, postLater, type Answer } from '@/lib/api'
import type { QueuedRequest } from '@/lib/offline/outbox'
import type { KeyedRequest } from '@/lib/offline/use-send-or-queue'
import type { Product, ReportInput as Report } from '@/lib/types'
import { reportedMessage } from '@/lib/report'
import { refreshAfterWrite } from '@/lib/refresh'

/** A listing's report; reason: may be empty, at most maxReportReasonLength characters. */
export type ReportInput = Required<Pick<Report, 'product_id' | 'reason'>>

/**
 * POST /api/reported: 201 {product_id}; 409 when this user already reported
 * it, 403 on one's own product. A repeat with the same idempotency key gets
 * the first answer.
 */
export function reportProduct(input: ReportInput, idempotencyKey: string): Promise<Answer<'/reported', 'post'>> {
  return api.post('/reported', { body: input, headers: { 'Idempotency-Key': idempotencyKey } })
}

export type ReportRequest = KeyedRequest<ReportInput>

/** What the outbox sends when Report was pressed offline (or got no answer). */
export function queuedReport(product: Product, { input, idempotencyKey }: ReportRequest): QueuedRequest {
  return {
    ...postLater('/reported', { body: input }),
    idempotencyKey,
    label: product.product,
    sentMessage: reportedMessage,
    change: { kind: 'product.reported' },
  }
}

export function useReportProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: ReportRequest) => reportProduct(input, idempotencyKey),
    onSuccess: () => void refreshAfterWrite(queryClient, { kind: 'product.reported' }),
  })
}
