import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type Body } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { User } from '@/lib/types'
import { followRenewal } from './push-devices'

/** current_password: left out by an account made through Google that has none yet. */
export type ChangePasswordInput = Body<'/auth/password', 'post'>

/**
 * POST /api/auth/password: 200 with the user; every other session of the
 * account ends, this one stays. 422 with fields.current_password or
 * fields.new_password; 429 after too many wrong attempts.
 */
export function changePassword(input: ChangePasswordInput): Promise<User> {
  return api.post('/auth/password', { body: input })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: authKeys.renewal(),
    mutationFn: changePassword,
    onMutate: () => ({ afterRenewal: followRenewal(queryClient) }),
    onSuccess: (user, _input, context) => {
      queryClient.setQueryData(authKeys.me(), user)
      void context?.afterRenewal()
      // The other sessions ended.
      void refreshAfterWrite(queryClient, { kind: 'sessions.ended' })
    },
  })
}
