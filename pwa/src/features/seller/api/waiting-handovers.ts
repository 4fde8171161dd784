import { useEffect, useState } from 'react'
import { useUser } from '@/lib/auth'
import { useOfflineStore } from '@/lib/offline/use-offline-store'
import { handoverPathPattern } from './hand-over'

/**
 * The bookings whose handover is not confirmed yet: it waits in the outbox
 * (entered offline, or sent without an answer), or it left the outbox (sent)
 * and My Buyers, fetched at `listFetchedAt`, has not been fetched since. So a
 * row goes from 'confirming' to what the server says, never back to 'Hand
 * over' in between.
 */
export function useUnconfirmedHandovers(listFetchedAt: number): Set<number> {
  const { user } = useUser()
  const { outbox } = useOfflineStore()
  // The handovers in the outbox, and when each was last seen leaving it.
  const [seen, setSeen] = useState<Seen>({ waiting: new Set(), leftAt: new Map() })
  const userId = user?.id
  useEffect(() => {
    if (userId === undefined) return
    let live = true
    const read = () => {
      // Told at once when an entry leaves, before its outcome refreshes the list: the list must be fetched after this.
      const at = Date.now()
      outbox.waiting(userId, handoverPathPattern).then(
        (entries) => {
          if (!live) return
          const waiting = new Set(entries.map((entry) => Number(handoverPathPattern.exec(entry.path)?.[1])))
          setSeen((before) => {
            const leftAt = new Map(before.leftAt)
            for (const id of before.waiting) if (!waiting.has(id)) leftAt.set(id, at)
            return { waiting, leftAt }
          })
        },
        (error: unknown) => console.warn('Could not read the handovers waiting to be sent', error),
      )
    }
    read()
    const stop = outbox.subscribeChanges(read)
    return () => {
      live = false
      stop()
    }
  }, [outbox, userId])

  const unconfirmed = new Set(seen.waiting)
  for (const [id, at] of seen.leftAt) if (at >= listFetchedAt) unconfirmed.add(id)
  return unconfirmed
}

interface Seen {
  waiting: ReadonlySet<number>
  leftAt: ReadonlyMap<number, number>
}
