// Reporting a person, a message sent to one or a review to the admins, from
// a person's page and a conversation: two features, so it lives here. Each
// thing is reported once per person; like a listing's report (features/
// catalogue), it works offline through the outbox.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, postLater, type Answer } from './api'
import { i18n } from './i18n'
import type { QueuedRequest } from './offline/outbox'
import type { KeyedRequest } from './offline/use-send-or-queue'
import { refreshAfterWrite } from './refresh'
import type { ReportInput } from './types'

/** What is reported: exactly one of them. */
export type ReportTarget = { user_id: number } | { message_id: number } | { review_id: number }

/** Body of POST /api/reported: the thing, and an optional reason of at most maxReportReasonLength characters. */
export type PersonReport = ReportTarget & Pick<ReportInput, 'reason'>

/** Said once the server has the report (a listing's report says the same); in English, see queuedPersonReport. */
export const reportedMessage = 'Reported successfully'

/**
 * POST /api/reported: 201 {"user_id"} (or message_id, review_id); 409 when
 * reported already, 403 for oneself, one's own message or review. A repeat
 * with the same idempotency key gets the first answer.
 */
export function sendReport(input: PersonReport, idempotencyKey: string): Promise<Answer<'/reported', 'post'>> {
  return api.post('/reported', { body: input, headers: { 'Idempotency-Key': idempotencyKey } })
}

export type PersonReportRequest = KeyedRequest<PersonReport>

/** What the outbox sends when Report was pressed offline (or got no answer); `label` names what was reported. */
export function queuedPersonReport(label: string, { input, idempotencyKey }: PersonReportRequest): QueuedRequest {
  return {
    ...postLater('/reported', { body: input }),
    idempotencyKey,
    label,
    sentMessage: i18n._({ id: 'report.sent', message: 'Reported successfully' }),
    change: { kind: 'person.reported' },
  }
}

export function useSendReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: PersonReportRequest) => sendReport(input, idempotencyKey),
    onSuccess: () => void refreshAfterWrite(queryClient, { kind: 'person.reported' }),
  })
}
