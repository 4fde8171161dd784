import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { QueuedRequest } from '@/lib/offline/outbox'
import type { KeyedRequest } from '@/lib/offline/use-send-or-queue'
import { conversationKeys } from '@/lib/query-keys'
import type { Message } from '@/lib/types'

export interface NewMessage {
  conversationId: number
  text: string
  /** A pickup proposal: the time in UTC (RFC 3339). */
  pickup_at?: string
}

export function messagesPath(conversationId: number): string {
  return `/conversations/${conversationId}/messages`
}

/**
 * POST /api/conversations/{id}/messages: 201 with the message. With the same
 * idempotency key a repeat gets the first answer and sends nothing more.
 */
export function sendMessage({ conversationId, ...body }: NewMessage, idempotencyKey: string): Promise<Message> {
  return api.post<Message>(messagesPath(conversationId), body, { headers: { 'Idempotency-Key': idempotencyKey } })
}

export type MessageRequest = KeyedRequest<NewMessage>

export const messageSentMessage = 'Message sent'

/** What the outbox sends when a message was written offline (or got no answer). */
export function queuedMessage(productName: string, { input, idempotencyKey }: MessageRequest): QueuedRequest {
  const { conversationId, ...body } = input
  return {
    path: messagesPath(conversationId),
    body,
    idempotencyKey,
    label: productName,
    sentMessage: messageSentMessage,
    invalidates: [conversationKeys.messages(conversationId), conversationKeys.detail(conversationId), conversationKeys.list()],
  }
}

export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: MessageRequest) => sendMessage(input, idempotencyKey),
    onSuccess: (_message, { input }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(input.conversationId) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(input.conversationId) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() })
    },
  })
}
