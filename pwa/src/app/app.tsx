import { lazy, Suspense, useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { useUser } from '@/lib/auth'
import type { OfflineStore } from '@/lib/offline/offline-store'
import { whenPageSettled } from '@/lib/page-settled'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const router = createAppRouter()

// Registering the service worker needs workbox-window: not in the first script.
const ServiceWorkerUpdates = lazy(() =>
  import('@/features/offline/components/service-worker-updates').then((m) => ({ default: m.ServiceWorkerUpdates })),
)

// The outbox, the live events and the watch for a session ended elsewhere
// only ever act for someone signed in: their code loads then.
const SignedIn = lazy(() => import('./signed-in').then((m) => ({ default: m.SignedIn })))

function WhileSignedIn() {
  const { user } = useUser()
  if (!user) return null
  return (
    <Suspense fallback={null}>
      <SignedIn />
    </Suspense>
  )
}

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
      <WhileSignedIn />
      {settled && (
        <Suspense fallback={null}>
          <ServiceWorkerUpdates />
        </Suspense>
      )}
    </AppProvider>
  )
}
