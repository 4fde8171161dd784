import { lazy, Suspense } from 'react'
import { RouterProvider } from 'react-router-dom'
import { OutboxSync } from '@/features/offline'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const router = createAppRouter()

// Registering the service worker needs workbox-window: not in the first script.
const ServiceWorkerUpdates = lazy(() =>
  import('@/features/offline/components/service-worker-updates').then((m) => ({ default: m.ServiceWorkerUpdates })),
)

export function App({ restored }: { restored?: Promise<unknown> }) {
  return (
    <AppProvider restored={restored}>
      <RouterProvider router={router} />
      <OutboxSync />
      <Suspense fallback={null}>
        <ServiceWorkerUpdates />
      </Suspense>
    </AppProvider>
  )
}
