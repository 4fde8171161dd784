import { useOnline } from '@/lib/connectivity'
import { EmptyState } from './empty-state'

/** In place of a screen's data that is not saved on this device, while offline. */
export function OfflineState({ what = 'This page' }: { what?: string }) {
  return (
    <EmptyState title="You are offline">
      {what} is not saved on this device yet. It loads as soon as you are back online.
    </EmptyState>
  )
}

/** Under a control that needs the server, while offline: why it is disabled. */
export function OfflineReason({ action }: { action: string }) {
  const online = useOnline()
  if (online) return null
  return (
    <p className="text-sm font-medium text-stone-700">
      You are offline: {action} needs a connection. It works again once you are back online.
    </p>
  )
}
