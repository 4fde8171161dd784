import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { usePaymentMethods } from '@/lib/currency'
import type { OfflineStore } from '@/lib/offline/offline-store'
import { OfflineStoreProvider } from '@/lib/offline/use-offline-store'
import { queryClient as defaultClient } from '@/lib/query-client'

// Toasts come after something was done: the toaster is not in the first script.
// A toast raised before it has loaded shows once it has.
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })))

/** True until `restored` settles; queries wait meanwhile instead of fetching. */
function useIsRestoring(restored: Promise<unknown> | undefined): boolean {
  const [restoring, setRestoring] = useState(restored !== undefined)
  useEffect(() => {
    if (!restored) return
    let live = true
    const done = () => live && setRestoring(false)
    restored.then(done, done)
    return () => {
      live = false
    }
  }, [restored])
  return restoring
}

/** Keeps the marketplace's currency (and whether it takes cards) loaded, for every price shown. */
function PaymentMethods() {
  usePaymentMethods()
  return null
}

interface AppProviderProps {
  children: ReactNode
  client?: QueryClient
  /** What the app keeps on the device (see lib/offline). */
  offline: OfflineStore
  /** Settles once the answers saved on the device are back in the query cache (see lib/offline). */
  restored?: Promise<unknown>
}

export function AppProvider({ children, client = defaultClient, offline, restored }: AppProviderProps) {
  const isRestoring = useIsRestoring(restored)
  return (
    <QueryClientProvider client={client}>
      <OfflineStoreProvider store={offline}>
        <IsRestoringProvider value={isRestoring}>
          <PaymentMethods />
          {children}
        </IsRestoringProvider>
      </OfflineStoreProvider>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  )
}
