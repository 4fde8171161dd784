import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import type { ProfileChanges, User } from '@/lib/types'

/** Only the fields given change; image is the url POST /api/images answered. */
export type { ProfileChanges }

/** PATCH /api/auth/me: 200 with the user; 422 with fields.name|phone|location|image. */
export function updateProfile(changes: ProfileChanges): Promise<User> {
  return api.patch('/auth/me', { body: changes })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(authKeys.me(), user),
  })
}
