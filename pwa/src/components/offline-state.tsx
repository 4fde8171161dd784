import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { EmptyState } from './empty-state'

/** In place of a screen's data that is not saved on this device, while offline. */
export function OfflineState({ what }: { what?: string }) {
  const i18n = useI18n()
  return (
    <EmptyState title={i18n._({ id: 'common.offline.title', message: 'You are offline' })}>
      {i18n._({
        id: 'common.offline.notSaved',
        message: '{what} is not saved on this device yet. It loads as soon as you are back online.',
        values: { what: what ?? i18n._({ id: 'common.offline.thisPage', message: 'This page' }) },
      })}
    </EmptyState>
  )
}

/** Under a control that needs the server, while offline: why it is disabled. */
export function OfflineReason({ action }: { action: string }) {
  const i18n = useI18n()
  const online = useOnline()
  if (online) return null
  return (
    <p className="text-sm font-medium text-stone-700">
      {i18n._({
        id: 'common.offline.needsConnection',
        message: 'You are offline: {action} needs a connection. It works again once you are back online.',
        values: { action },
      })}
    </p>
  )
}
