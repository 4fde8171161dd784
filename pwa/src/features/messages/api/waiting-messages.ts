import { useEffect, useState } from 'react'
import type { Body } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useOfflineStore, useOutboxChanges } from '@/lib/offline/use-offline-store'
import { messagesPath } from './send-message'

export interface WaitingMessage {
  /** The outbox entry's Idempotency-Key. */
  key: string
  text: string
  pickup_at?: string
  queuedAt: number
}

/** The messages to this conversation written offline and not sent yet (they wait in the outbox). */
export function useWaitingMessages(conversationId: number): WaitingMessage[] {
  const { user } = useUser()
  const { outbox } = useOfflineStore()
  const changes = useOutboxChanges()
  const [waiting, setWaiting] = useState<WaitingMessage[]>([])
  const userId = user?.id
  useEffect(() => {
    if (userId === undefined) return
    let live = true
    outbox.waiting(userId, messagesPath(conversationId)).then(
      (entries) => {
        if (!live) return
        setWaiting(
          entries.map((entry) => {
            const body = (entry.body ?? {}) as Partial<Body<'/conversations/{id}/messages', 'post'>>
            return {
              key: entry.idempotencyKey,
              text: body.text ?? '',
              pickup_at: body.pickup_at ?? undefined,
              queuedAt: entry.queuedAt,
            }
          }),
        )
      },
      (error: unknown) => console.warn('Could not read the messages waiting to be sent', error),
    )
    return () => {
      live = false
    }
  }, [outbox, userId, conversationId, changes])
  return waiting
}
