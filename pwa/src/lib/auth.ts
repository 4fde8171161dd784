// The signed-in user, shared by every feature: GET /api/auth/me cached under
// authKeys.me(). It lives in lib, not in features/auth, because screens in
// other features need the user too (prefilled seller and buyer fields, the
// My Products link) and features must not import each other. Signing in and
// out lives in features/auth.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api, isApiError } from './api'
import type { Locale } from './locale'
import { authKeys } from './query-keys'
import type { Role, User } from './types'

/**
 * GET /api/auth/me: the signed-in user, or null when nobody is (204; older
 * servers answered 200 null, or 401).
 */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    return (await api.get('/auth/me', { signal })) ?? null
  } catch (error) {
    if (isApiError(error, 401)) return null
    throw error
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    // Every screen asks for the user; sign-in and sign-out set it themselves.
    staleTime: 60 * 1000,
    // Kept on the device so signed-in screens open offline; it also says whose
    // the saved private data is (a different user, or none, deletes it).
    meta: { offline: { scope: 'private', group: 'user', limit: 1, owner: true } },
  })

/**
 * PATCH /api/auth/me {"language"}: the language picked, kept with the
 * signed-in person's account so that it follows them to their other devices.
 * Not saved (offline, say), it stays on this device alone.
 */
export async function saveLanguage(client: QueryClient, language: Locale): Promise<void> {
  try {
    client.setQueryData(authKeys.me(), await api.patch('/auth/me', { body: { language } }))
  } catch {
    // Shown all the same, and remembered on this device (lib/i18n, setLanguage).
  }
}

export interface UserState {
  /** null when nobody is signed in, and while loading. */
  user: User | null
  /** True until the first answer of GET /api/auth/me. */
  isLoading: boolean
}

export function useUser(): UserState {
  const { data, isPending } = useQuery(meQueryOptions())
  return { user: data ?? null, isLoading: isPending }
}

// The server enforces every role rule; these only decide what to show.

export function hasRole(user: User | null | undefined, role: Role): boolean {
  return user?.role === role
}

export const isAdmin = (user: User | null | undefined) => hasRole(user, 'Admin')
export const isSeller = (user: User | null | undefined) => hasRole(user, 'Seller')
export const isBuyer = (user: User | null | undefined) => hasRole(user, 'Buyer')
