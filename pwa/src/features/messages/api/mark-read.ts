import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api, type Answer } from '@/lib/api'
import { setUnreadMessages } from '@/lib/badge'
import { refreshAfterWrite } from '@/lib/refresh'

/** POST /api/conversations/{id}/read: the other side's messages are read; answers the caller's unread count. */
export function markRead(id: number): Promise<Answer<'/conversations/{id}/read', 'post'>> {
  return api.post('/conversations/{id}/read', { path: { id } })
}

/**
 * Marks the thread read while it is on screen: on opening, when a message
 * from the other side arrives, and when the page is shown again (or the
 * connection is back) with one it has not marked. Not queued offline: a
 * thread read offline is marked once it is on screen online. The badge
 * takes the count the answer gives.
 */
export function useMarkRead(id: number, newestFromOther: number | undefined) {
  const queryClient = useQueryClient()
  const marked = useRef<string | undefined>(undefined)
  const { mutate } = useMutation({
    mutationFn: markRead,
    onSuccess: ({ unread }) => {
      setUnreadMessages(queryClient, unread)
      void refreshAfterWrite(queryClient, { kind: 'conversation.read', conversation_id: id })
    },
    onError: () => {
      marked.current = undefined // tried again on the next message or showing
    },
  })
  useEffect(() => {
    if (newestFromOther === undefined) return
    const key = `${id}:${newestFromOther}`
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === key) return
      marked.current = key
      mutate(id)
    }
    mark()
    document.addEventListener('visibilitychange', mark)
    window.addEventListener('online', mark)
    return () => {
      document.removeEventListener('visibilitychange', mark)
      window.removeEventListener('online', mark)
    }
  }, [id, newestFromOther, mutate])
}
