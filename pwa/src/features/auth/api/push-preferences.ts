import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { pushKeys } from '@/lib/query-keys'

/** Each kind of notification, in the order Profile lists them, with its label. */
export const pushKinds = [
  { kind: 'message', label: 'New messages' },
  { kind: 'reply', label: 'Replies from sellers' },
  { kind: 'booking', label: 'New bookings' },
  { kind: 'declined', label: 'Declined bookings' },
  { kind: 'payment', label: 'Payments received' },
] as const

export type PushKind = (typeof pushKinds)[number]['kind']
export type PushPreferences = Record<PushKind, boolean>

export const pushPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.preferences(),
    queryFn: ({ signal }) => api.get<PushPreferences>('/push/preferences', { signal }),
  })

export function usePushPreferences() {
  return useQuery(pushPreferencesQueryOptions())
}

/** PUT /api/push/preferences with the kinds that change; answers the whole map. */
export function useSetPushPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: Partial<PushPreferences>) => api.put<PushPreferences>('/push/preferences', changes),
    onSuccess: (preferences) => queryClient.setQueryData(pushKeys.preferences(), preferences),
  })
}
