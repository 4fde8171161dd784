import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, isApiError } from '@/lib/api'
import { authKeys } from '@/lib/auth'

/** POST /api/auth/logout. Already signed out (401) counts as done. */
export async function logout(): Promise<void> {
  try {
    await api.post<void>('/auth/logout')
  } catch (error) {
    if (!isApiError(error, 401)) throw error
  }
}

/**
 * Signs out, empties the whole query cache (nothing of this session may linger)
 * and goes home. A failed logout is only logged, as the spec says.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.clear()
      queryClient.setQueryData(authKeys.me(), null)
      await navigate('/')
    },
    onError: (error) => {
      console.error('Logout failed', error)
    },
  })
}
