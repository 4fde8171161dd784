import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useUser } from '@/lib/auth'

/**
 * Follows the live events (lib/live-events.ts) while someone is signed in:
 * opened at sign-in, closed at Log Out. Its code loads only then.
 */
export function LiveEvents() {
  const { user } = useUser()
  const client = useQueryClient()
  const userId = user?.id
  useEffect(() => {
    if (userId === undefined) return
    let live = true
    let stop: (() => void) | undefined
    import('@/lib/live-events').then(
      ({ listen }) => {
        if (live) stop = listen(client)
      },
      (error: unknown) => console.warn('Could not follow live events', error),
    )
    return () => {
      live = false
      stop?.()
    }
  }, [userId, client])
  return null
}
