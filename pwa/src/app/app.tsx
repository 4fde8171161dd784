import { lazy, Suspense, useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { SessionEnded } from '@/features/auth'
import { OutboxSync } from '@/features/offline'
import type { OfflineStore } from '@/lib/offline/offline-store'
import { whenPageSettled } from '@/lib/page-settled'
import { LiveEvents } from './live-events'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const router = createAppRouter()

// Registering the service worker needs workbox-window: not in the first script.
const ServiceWorkerUpdates = lazy(() =>
  import('@/features/offline/components/service-worker-updates').then((m) => ({ default: m.ServiceWorkerUpdates })),
)

/** True once the page has settled (see lib/page-settled). */
function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    let live = true
    void whenPageSettled().then(() => live && setSettled(true))
    return () => {
      live = false
    }
  }, [])
  return settled
}

export function App({ offline, restored }: { offline: OfflineStore; restored?: Promise<unknown> }) {
  // The service worker's install downloads the whole app again: not while
  // the first screen is still loading.
  const settled = usePageSettled()
  return (
    <AppProvider offline={offline} restored={restored}>
      <RouterProvider router={router} />
      <OutboxSync />
      <LiveEvents />
      <SessionEnded />
      {settled && (
        <Suspense fallback={null}>
          <ServiceWorkerUpdates />
        </Suspense>
      )}
    </AppProvider>
  )
}
