import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { pageSize } from '@/lib/paged-list'
import { pushKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { List, PushDevice } from '@/lib/types'

export type { PushDevice }

/** GET /api/push/subscriptions: this session's devices first. A person has at most 10, so one page holds them. */
export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.devices(),
    queryFn: ({ signal }) => api.get('/push/subscriptions', { query: { limit: pageSize, offset: 0 }, signal }),
  })

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions())
}

/** DELETE /api/push/subscriptions/{id}: 204; that device gets no more notifications. */
export function removePushDevice(id: number): Promise<void> {
  return api.delete('/push/subscriptions/{id}', { path: { id } })
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removePushDevice,
    onSettled: () => refreshAfterWrite(queryClient, { kind: 'push.devices.changed' }),
  })
}

/**
 * For the writes that renew this session's cookie (a new password, signing out everywhere else): the server ends
 * this browser's subscription with the old cookie, so once the write succeeded the browser hands its subscription
 * over again, unless the list said it was not notified. Call it before the write; it answers the step for after.
 */
export function followRenewal(queryClient: QueryClient): () => Promise<void> {
  const notified = queryClient.getQueryData<List<PushDevice>>(pushKeys.devices())?.items.some((device) => device.current)
  return async () => {
    if (notified !== false) {
      try {
        const { resubscribeDevice } = await import('./push-device')
        await resubscribeDevice()
      } catch (error) {
        console.warn('Could not keep notifying this device', error)
      }
    }
    await refreshAfterWrite(queryClient, { kind: 'push.devices.changed' })
  }
}
