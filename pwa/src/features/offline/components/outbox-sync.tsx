import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { retryWait } from '@/lib/offline/outbox'
import { useOfflineStore, useQueuedCount } from '@/lib/offline/use-offline-store'

/**
 * Sends the outbox whenever the server can be reached with someone signed in:
 * at start, when the connection comes back and after something is queued;
 * and, when a run stopped on an answer that says "not now" (a 503 while the
 * database restarts, a 429), again after the wait the answer asks for,
 * longer on each failure in a row.
 * Each request's real outcome is toasted, and what it changed is refetched.
 */
export function OutboxSync() {
  const { user } = useUser()
  const online = useOnline()
  const queued = useQueuedCount()
  const queryClient = useQueryClient()
  const { outbox } = useOfflineStore()
  const userId = user?.id
  // Bumped when the wait after a stopped run is over: the next run's cue.
  const [retries, setRetries] = useState(0)
  const failures = useRef(0)

  useEffect(() => {
    if (!online || userId === undefined) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let current = true
    outbox
      .send(userId, (outcome) => {
        void import('@/lib/offline/sent-outcome').then(({ followOutcome }) => followOutcome(queryClient, outcome))
      })
      .then((stoppedBy) => {
        // A cue during a run joins it (Outbox.send): only the last to ask counts its outcome.
        if (!current) return
        const wait = stoppedBy && retryWait(stoppedBy, failures.current)
        failures.current = wait === undefined ? 0 : failures.current + 1
        if (wait !== undefined) timer = setTimeout(() => setRetries((n) => n + 1), wait)
      })
      .catch((error: unknown) => console.warn('Could not send the waiting requests', error))
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [online, userId, queued, retries, queryClient, outbox])

  return null
}
