import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, isApiError } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { useOfflineStore } from '@/lib/offline/use-offline-store'
import { whileForgettingSession } from '../forgetting'

/** How long Log Out waits to stop this device's notifications before it signs out anyway. */
const forgetDeviceWaitAtMost = 4000

/**
 * Stops notifications to this device while the session still lets the
 * server hear it; a browser without a subscription (or without the Push
 * API) has nothing to do. Loaded only here, not with the first script.
 */
async function forgetThisDevice(options?: { tellServer: boolean }): Promise<void> {
  const work = import('./push-device').then(({ unsubscribeDevice }) => unsubscribeDevice(options))
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, forgetDeviceWaitAtMost))]).catch((error: unknown) =>
    console.warn('Could not stop notifications to this device', error),
  )
}

/** POST /api/auth/logout, once this device is no longer notified. Already signed out (401) counts as done. */
export async function logout(): Promise<void> {
  await forgetThisDevice()
  try {
    await api.post('/auth/logout')
  } catch (error) {
    if (!isApiError(error, 401)) throw error
  }
}

/** How long forgetting a session waits for the device's storage before the screen goes on signed out. */
const deleteSavedWaitAtMost = 3000

/**
 * Deletes what this device keeps of a session that has ended (account,
 * orders, outbox; see docs/offline.md; public offline data stays) and
 * answers the step that empties the query cache of it, to take once nothing
 * on screen needs it any more.
 */
function useForgetSessionData() {
  const queryClient = useQueryClient()
  const offline = useOfflineStore()
  return {
    async deleteSaved() {
      // A session ended elsewhere (a deleted account) can't tell the server; the browser still forgets.
      void forgetThisDevice({ tellServer: false })
      // Storage that does not answer in time must not keep the person signed in
      // on screen; the deletion carries on meanwhile.
      await Promise.race([offline.deletePrivateData(), new Promise((resolve) => setTimeout(resolve, deleteSavedWaitAtMost))])
    },
    dropCached() {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
    },
  }
}

/**
 * What follows the end of this browser's session (a logout, a deleted
 * account): deletes the private data saved on the device before anything
 * else, so even a reload at once finds nothing, then goes home and empties
 * the query cache (nothing of this session may linger).
 */
export function useForgetSession() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { deleteSaved, dropCached } = useForgetSessionData()
  return async () => {
    await deleteSaved()
    // Nobody is signed in, then home is drawn at once (flushSync, not a
    // transition): home drawn signed in would ask for what needs a session
    // (a 401). Until home is there, the screen shown until now may redraw
    // signed out; its guard then waits instead of sending to /login. Then
    // nothing of the session is kept.
    await whileForgettingSession(async () => {
      queryClient.setQueryData(authKeys.me(), null)
      await navigate('/', { flushSync: true })
    })
    dropCached()
  }
}

/**
 * What follows a session the server ended elsewhere (a password changed on
 * another device, Active sessions there): nobody is signed in here at once,
 * so nothing more asks the server as that person and a private screen gives
 * way to the login form (which comes back to it); the screen on show
 * otherwise stays. Then the device forgets the session as at Log Out.
 */
export function useForgetEndedSession() {
  const queryClient = useQueryClient()
  const { deleteSaved, dropCached } = useForgetSessionData()
  return async () => {
    queryClient.setQueryData(authKeys.me(), null)
    await deleteSaved()
    dropCached()
  }
}

/** Signs out and forgets the session as above. A failed logout is only logged, as the spec says. */
export function useLogout() {
  const forgetSession = useForgetSession()
  return useMutation({
    // While it runs, the live events stay closed (lib/live-events).
    mutationKey: authKeys.signOut(),
    mutationFn: logout,
    onSuccess: forgetSession,
    onError: (error) => {
      console.error('Logout failed', error)
    },
  })
}
