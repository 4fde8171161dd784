import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { refresh, refreshAfterWrite } from '@/lib/refresh'
import type { Message } from '@/lib/types'

/** POST .../messages/{id}/accept: the other side's proposal becomes the booking's pickup time. */
export function acceptPickup({ conversationId, messageId }: { conversationId: number; messageId: number }): Promise<Message> {
  return api.post('/conversations/{id}/messages/{messageId}/accept', { path: { id: conversationId, messageId } })
}

export function useAcceptPickup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptPickup,
    // Refused too: the proposal may have been answered or superseded meanwhile.
    onSettled: (_message, error, { conversationId }) =>
      void (error ? refresh : refreshAfterWrite)(queryClient, { kind: 'pickup.accepted', conversation_id: conversationId }),
  })
}
