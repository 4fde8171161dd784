import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import type { Message } from '@/lib/types'

/** POST .../messages/{id}/decline: the other side's proposal is turned down; the booking keeps its time. */
export function declinePickup({ conversationId, messageId }: { conversationId: number; messageId: number }): Promise<Message> {
  return api.post<Message>(`/conversations/${conversationId}/messages/${messageId}/decline`)
}

export function useDeclinePickup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declinePickup,
    onSettled: (_message, _error, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) })
    },
  })
}
