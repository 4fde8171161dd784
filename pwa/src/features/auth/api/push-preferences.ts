import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { i18n } from '@/lib/i18n'
import { pushKinds as kinds } from '@/lib/api/contract.gen'
import { pushKeys } from '@/lib/query-keys'
import type { PushKind, PushPreferences } from '@/lib/types'

/** A kind of notification's label, in the language shown now. */
function label(kind: PushKind): string {
  switch (kind) {
    case 'message':
      return i18n._({ id: 'profile.push.message', message: 'New messages' })
    case 'reply':
      return i18n._({ id: 'profile.push.reply', message: 'Replies from sellers' })
    case 'booking':
      return i18n._({ id: 'profile.push.booking', message: 'New bookings' })
    case 'declined':
      return i18n._({ id: 'profile.push.declined', message: 'Declined bookings' })
    case 'payment':
      return i18n._({ id: 'profile.push.payment', message: 'Payments received' })
    case 'reminder':
      return i18n._({ id: 'profile.push.reminder', message: 'Pickup reminders' })
  }
}

/** Each kind of notification, in the order the API lists them (which Profile follows), with its label. */
export function pushKinds(): { kind: PushKind; label: string }[] {
  return kinds.map((kind) => ({ kind, label: label(kind) }))
}

export const pushPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.preferences(),
    queryFn: ({ signal }) => api.get('/push/preferences', { signal }),
  })

export function usePushPreferences() {
  return useQuery(pushPreferencesQueryOptions())
}

/** PUT /api/push/preferences with the kinds that change; answers the whole map. */
export function useSetPushPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: Partial<PushPreferences>) => api.put('/push/preferences', { body: changes }),
    onSuccess: (preferences) => queryClient.setQueryData(pushKeys.preferences(), preferences),
  })
}
