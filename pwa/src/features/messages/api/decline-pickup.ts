import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refresh, refreshAfterWrite } from '@/lib/refresh'
import type { Message } from '@/lib/types'

/** POST .../messages/{id}/decline: the other side's proposal is turned down; the booking keeps its time. */
export function declinePickup({ conversationId, messageId }: { conversationId: number; messageId: number }): Promise<Message> {
  return api.post('/conversations/{id}/messages/{messageId}/decline', { path: { id: conversationId, messageId } })
}

export function useDeclinePickup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declinePickup,
    // The server tells an answered proposal as a message. Refused too: it may have been answered meanwhile.
    onSettled: (_message, error, { conversationId }) =>
      void (error ? refresh : refreshAfterWrite)(queryClient, { kind: 'message', conversation_id: conversationId }),
  })
}
