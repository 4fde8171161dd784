import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { pushKinds as kinds } from '@/lib/api/contract.gen'
import { pushKeys } from '@/lib/query-keys'
import type { PushKind, PushPreferences } from '@/lib/types'

const labels: Record<PushKind, string> = {
  message: 'New messages',
  reply: 'Replies from sellers',
  booking: 'New bookings',
  declined: 'Declined bookings',
  payment: 'Payments received',
  reminder: 'Pickup reminders',
}

/** Each kind of notification, in the order the API lists them (which Profile follows), with its label. */
export const pushKinds = kinds.map((kind) => ({ kind, label: labels[kind] }))

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
