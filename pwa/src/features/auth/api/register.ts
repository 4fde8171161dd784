import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Registration, User } from '@/lib/types'
import { startSession } from './login'

/**
 * The registration's fields, the picture as its file: without one, the
 * account shows the person's initials. The password has at least
 * minPasswordLength characters; the server checks.
 */
export type RegisterInput = Omit<Registration, 'image'> & { image?: File }

/** POST /api/auth/register (multipart): 201 with the new user, who is then signed in. */
export function register(input: RegisterInput): Promise<User> {
  const form = new FormData()
  form.append('name', input.name)
  form.append('email', input.email)
  form.append('password', input.password)
  form.append('role', input.role)
  if (input.image) form.append('image', input.image)
  if (input.phone) form.append('phone', input.phone)
  if (input.location) form.append('location', input.location)
  return api.post('/auth/register', { body: form })
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => startSession(queryClient, user),
  })
}
