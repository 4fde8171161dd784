// Registers the service worker (vite-plugin-pwa, registerType 'prompt') and
// offers a waiting new version. Loaded lazily: it pulls in workbox-window.
import { useRegisterSW } from 'virtual:pwa-register/react'
import { UpdateBanner } from './update-banner'

/** An installed app may stay open for days: look for a new version hourly too. */
const updateCheckInterval = 60 * 60 * 1000

export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), updateCheckInterval)
    },
    onRegisterError(error) {
      console.warn('The service worker could not be registered', error)
    },
  })
  if (!needRefresh) return null
  const reload = () => {
    // workbox-window reloads only a page that started under an older version;
    // one that got its first service worker this visit reloads here.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
    void updateServiceWorker(true)
  }
  return <UpdateBanner onReload={reload} onDismiss={() => setNeedRefresh(false)} />
}
