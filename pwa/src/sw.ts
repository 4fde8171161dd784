// The service worker (docs/offline.md). vite-plugin-pwa bundles this file into
// dist/sw.js and puts the list of the app shell's files where
// self.__WB_MANIFEST stands (injectManifest: the globPatterns in
// vite.config.ts). Caching is what Workbox's generated worker did before push
// notifications needed a worker of our own; the push handlers below are ours.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { appPath, noteFromPush, pathOf, serverPaths, windowFor } from './sw-notify'

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

const day = 24 * 60 * 60

// 'prompt' updates: a new version waits until the person presses Reload,
// which workbox-window's messageSkipWaiting() tells it with this message.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
// Only the very first worker takes over at once (no page waits on it); later
// ones wait for the message above, and the page reloads as they take over.
clientsClaim()

// The manifest carries the community's name, which the server writes in and
// an admin may change: it is asked of the server each time, and the last
// answer kept for when there is no connection.
const manifestPath = '/manifest.webmanifest'
precacheAndRoute(
  self.__WB_MANIFEST.filter((entry) => `/${(typeof entry === 'string' ? entry : entry.url).replace(/^\//, '')}` !== manifestPath),
)
cleanupOutdatedCaches()
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === manifestPath,
  new NetworkFirst({ cacheName: 'manifest', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
)

// Client routes load offline; the API and pictures never get the page. The
// payment screen's document comes from the server when online: its policy,
// unlike the cached shell's, lets Stripe's card form load.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [...serverPaths, /^\/dashboard\/payment\//],
  }),
)

// Uploaded pictures never change (random names), so the cached copy is always
// right: cards keep their thumbnails offline. The cache name is
// pictureCacheName in src/lib/offline/offline-store.ts.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * day, purgeOnQuotaError: true }),
      new CacheableResponsePlugin({ statuses: [200] }),
    ],
  }),
)

// A push from the server (the PushNote of app/notice.go): always shown.
self.addEventListener('push', (event) => {
  let payload: string | null = null
  try {
    payload = event.data?.text() ?? null
  } catch {
    // unreadable: the plain notification below
  }
  const { title, options } = noteFromPush(payload, self.location.origin)
  event.waitUntil(self.registration.showNotification(title, options))
})

// A tap opens the note's page in a window of the app already open, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  // Checked again, as any script of this origin may show a notification.
  const path = appPath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin)
  event.waitUntil(openApp(path))
})

async function openApp(path: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const target = windowFor(windows, path)
  if (target) {
    const focused = await target.focus().catch(() => target)
    if (pathOf(focused.url) === path) return
    // navigate() works on pages this worker controls only; for another, a new window.
    if (await focused.navigate(path).catch(() => null)) return
  }
  await self.clients.openWindow(path)
}

// The push service renewed or ended the subscription (Firefox fires this;
// Chromium never does). The server learns the new endpoint and forgets the
// old, with the session cookie of whoever is signed in (when nobody is, it
// refuses). A browser that gives no new subscription is asked for one with the
// old one's options (the server's key).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(moveSubscription(event.oldSubscription, event.newSubscription))
})

async function moveSubscription(old: PushSubscription | null, renewed: PushSubscription | null) {
  const current = renewed ?? (old?.options?.applicationServerKey ? await resubscribe(old.options) : null)
  if (current) await sendSubscriptions('POST', current.toJSON())
  if (old && old.endpoint !== current?.endpoint) await sendSubscriptions('DELETE', { endpoint: old.endpoint })
}

function resubscribe(options: PushSubscriptionOptions) {
  return self.registration.pushManager
    .subscribe({ userVisibleOnly: options.userVisibleOnly, applicationServerKey: options.applicationServerKey })
    .catch(() => null)
}

function sendSubscriptions(method: 'POST' | 'DELETE', body: object) {
  return fetch('/api/push/subscriptions', {
    method,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}
