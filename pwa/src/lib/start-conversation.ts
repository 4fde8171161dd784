// Starting (or continuing) a conversation from elsewhere: the product page's
// 'Message the seller', My Orders' and My Buyers' buttons. The answer's
// conversation_id is where the thread is (paths.conversation). Shared here
// because those screens belong to three features.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, postLater } from './api'
import { i18n } from './i18n'
import type { QueuedRequest } from './offline/outbox'
import type { KeyedRequest } from './offline/use-send-or-queue'
import { refreshAfterWrite } from './refresh'
import type { Message } from './types'

/** About a product (POST /api/products/{id}/messages) or a booking (POST /api/booked/{id}/messages). */
export interface FirstMessage {
  about: 'product' | 'booking'
  id: number
  text: string
}

function pathOf({ about }: FirstMessage) {
  return about === 'product' ? '/products/{id}/messages' : '/booked/{id}/messages'
}

export function startConversation(input: FirstMessage, idempotencyKey: string): Promise<Message> {
  return api.post(pathOf(input), {
    path: { id: input.id },
    body: { text: input.text },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

/** What the outbox sends when the first message was written offline. */
export function queuedFirstMessage(label: string, { input, idempotencyKey }: KeyedRequest<FirstMessage>): QueuedRequest {
  return {
    ...postLater(pathOf(input), { path: { id: input.id }, body: { text: input.text } }),
    idempotencyKey,
    label,
    // Toasted when it goes, in the language of the moment it was written.
    sentMessage: i18n._({ id: 'conversation.firstSent', message: 'Message sent' }),
    change: { kind: 'conversation.started' },
  }
}

export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: KeyedRequest<FirstMessage>) => startConversation(input, idempotencyKey),
    onSuccess: (message) =>
      void refreshAfterWrite(queryClient, { kind: 'conversation.started', conversation_id: message.conversation_id }),
  })
}
