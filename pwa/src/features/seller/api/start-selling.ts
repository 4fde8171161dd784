import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import type { User } from '@/lib/types'

/** POST /api/auth/me/selling: 200 with the account, now a Seller's; 409 for an admin's. */
export function startSelling(): Promise<User> {
  return api.post('/auth/me/selling')
}

export function useStartSelling() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startSelling,
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
  })
}
