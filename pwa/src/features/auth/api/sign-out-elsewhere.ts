import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'

/** DELETE /api/auth/sessions: 204; every other session of the account ends, this one stays. */
export function signOutElsewhere(): Promise<void> {
  return api.delete('/auth/sessions')
}

export function useSignOutElsewhere() {
  return useMutation({ mutationFn: signOutElsewhere })
}
