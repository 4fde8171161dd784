import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath, postLater, type Body } from '@/lib/api'
import { i18n } from '@/lib/i18n'
import type { QueuedRequest } from '@/lib/offline/outbox'
import type { KeyedRequest } from '@/lib/offline/use-send-or-queue'
import { refreshAfterWrite, type Change } from '@/lib/refresh'
import type { Message } from '@/lib/types'

/** The conversation, and the body: pickup_at makes it a pickup proposal, the time in UTC (RFC 3339). */
export type NewMessage = { conversationId: number } & Body<'/conversations/{id}/messages', 'post'>

export function messagesPath(conversationId: number): string {
  return apiPath('/conversations/{id}/messages', { id: conversationId })
}

/**
 * POST /api/conversations/{id}/messages: 201 with the message. With the same
 * idempotency key a repeat gets the first answer and sends nothing more.
 */
export function sendMessage({ conversationId, ...body }: NewMessage, idempotencyKey: string): Promise<Message> {
  return api.post('/conversations/{id}/messages', {
    path: { id: conversationId },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

export type MessageRequest = KeyedRequest<NewMessage>

function sentIn(conversationId: number): Change {
  return { kind: 'message', conversation_id: conversationId }
}

/** The toast once a message written offline went out, in the language of the moment it is asked for. */
export function messageSentMessage(): string {
  return i18n._({ id: 'messages.sent', message: 'Message sent' })
}

/** What the outbox sends when a message was written offline (or got no answer). */
export function queuedMessage(productName: string, { input, idempotencyKey }: MessageRequest): QueuedRequest {
  const { conversationId, ...body } = input
  return {
    ...postLater('/conversations/{id}/messages', { path: { id: conversationId }, body }),
    idempotencyKey,
    label: productName,
    sentMessage: messageSentMessage(),
    change: sentIn(conversationId),
  }
}

export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: MessageRequest) => sendMessage(input, idempotencyKey),
    onSuccess: (_message, { input }) => void refreshAfterWrite(queryClient, sentIn(input.conversationId)),
  })
}
