import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, type Body } from '@/lib/api'
import type { User } from '@/lib/types'
import { authKeys } from '@/lib/query-keys'
import { noteSignedOutElsewhere } from '../forgetting'

export type LoginInput = Body<'/auth/login', 'post'>

/** POST /api/auth/login: 401 'Invalid email or password', 429 after too many failures. */
export function login(input: LoginInput): Promise<User> {
  return api.post('/auth/login', { body: input })
}

/** The server has just signed this user in: a new session starts in the cache too. */
export function startSession(queryClient: QueryClient, user: User): void {
  // Whatever was cached belonged to the previous session, if any.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
  queryClient.setQueryData(authKeys.me(), user)
  noteSignedOutElsewhere(false)
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: login, onSuccess: (user) => startSession(queryClient, user) })
}
