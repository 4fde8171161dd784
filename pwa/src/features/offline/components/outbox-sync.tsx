import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { useOfflineStore, useQueuedCount } from '@/lib/offline/use-offline-store'

/**
 * Sends the outbox whenever the server can be reached with someone signed in:
 * at start, when the connection comes back and after something is queued.
 * Each request's real outcome is toasted, and what it changed is refetched.
 */
export function OutboxSync() {
  const { user } = useUser()
  const online = useOnline()
  const queued = useQueuedCount()
  const queryClient = useQueryClient()
  const { outbox } = useOfflineStore()
  const userId = user?.id

  useEffect(() => {
    if (!online || userId === undefined) return
    outbox.send(userId, (outcome) => {
      void import('./sent-outcome').then(({ followOutcome }) => followOutcome(queryClient, outcome))
    }).catch((error: unknown) => console.warn('Could not send the waiting requests', error))
  }, [online, userId, queued, queryClient, outbox])

  return null
}
