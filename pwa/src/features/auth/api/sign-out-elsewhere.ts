import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import { followRenewal } from './push-devices'

/** DELETE /api/auth/sessions: 204; every other session of the account ends, this one stays. */
export function signOutElsewhere(): Promise<void> {
  return api.delete('/auth/sessions')
}

export function useSignOutElsewhere() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: authKeys.renewal(),
    mutationFn: signOutElsewhere,
    onMutate: () => ({ afterRenewal: followRenewal(queryClient) }),
    onSuccess: (_data, _input, context) => void context?.afterRenewal(),
    onSettled: () => refreshAfterWrite(queryClient, { kind: 'sessions.ended' }),
  })
}
