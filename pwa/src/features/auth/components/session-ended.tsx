import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { i18n } from '@/lib/i18n'
import { watchSessionEnd } from '@/lib/session-end'
import { useForgetEndedSession } from '../api/logout'
import { noteSignedOutElsewhere } from '../forgetting'

/** The toast's English text (login.signedOutElsewhere), as tests find it. */
export const signedOutMessage = 'You were signed out. Log in again to carry on.'
export const signedOutToast = 'signed-out'

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
        noteSignedOutElsewhere(true)
        // The toaster loads on first use, keeping it out of the first script (its budget: docs/benchmarks.md).
        void import('react-hot-toast').then(({ default: toast }) =>
          toast(i18n._({ id: 'login.signedOutElsewhere', message: 'You were signed out. Log in again to carry on.' }), {
            id: signedOutToast,
          }),
        )
        void forget.current()
      }),
    [client],
  )
  return null
}
