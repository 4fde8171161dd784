import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { bookingKeys, conversationKeys } from '@/lib/query-keys'
import type { Message } from '@/lib/types'

/** POST .../messages/{id}/accept: the other side's proposal becomes the booking's pickup time. */
export function acceptPickup({ conversationId, messageId }: { conversationId: number; messageId: number }): Promise<Message> {
  return api.post<Message>(`/conversations/${conversationId}/messages/${messageId}/accept`)
}

export function useAcceptPickup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptPickup,
    onSettled: (_message, _error, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) })
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all })
    },
  })
}
