// The app's OfflineStore (offline-store.ts) for components: given once by the
// app's provider (src/app/provider.tsx), or by the test render helpers, which
// give each render a fresh one.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { OfflineStore } from './offline-store'

const OfflineStoreContext = createContext<OfflineStore | null>(null)

export function OfflineStoreProvider({ store, children }: { store: OfflineStore; children: ReactNode }) {
  return <OfflineStoreContext value={store}>{children}</OfflineStoreContext>
}

export function useOfflineStore(): OfflineStore {
  const store = useContext(OfflineStoreContext)
  if (!store) throw new Error('useOfflineStore needs an <OfflineStoreProvider> above it')
  return store
}

/** When the newest saved listing was fetched (Unix ms), 0 for none. */
export function useLastSaved(): number {
  const store = useOfflineStore()
  return useSyncExternalStore(store.subscribeLastSaved, store.lastSavedAt)
}

/** Changes each time a request is put in the outbox. */
export function useQueuedCount(): number {
  const { outbox } = useOfflineStore()
  return useSyncExternalStore(outbox.subscribe, outbox.queuedCount)
}

/** Changes each time a request is queued or leaves the outbox. */
export function useOutboxChanges(): number {
  const { outbox } = useOfflineStore()
  return useSyncExternalStore(outbox.subscribeChanges, outbox.changeCount)
}
