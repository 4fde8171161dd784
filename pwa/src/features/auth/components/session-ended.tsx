import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { watchSessionEnd } from '@/lib/session-end'
import { useForgetEndedSession } from '../api/logout'

export const signedOutMessage = 'You were signed out. Log in again to carry on.'

/** Signs this browser out, once, when the server says its session ended elsewhere (lib/session-end). */
export function SessionEnded() {
  const client = useQueryClient()
  // The watch outlives renders (restarted, it would forget it had fired); it calls the latest forget.
  const latestForget = useForgetEndedSession()
  const forget = useRef(latestForget)
  useEffect(() => {
    forget.current = latestForget
  })
  useEffect(
    () =>
      watchSessionEnd(client, () => {
        toast(signedOutMessage, { id: 'signed-out' })
        void forget.current()
      }),
    [client],
  )
  return null
}
