// This device's Web Push subscription: made in Profile ('Notify me on this
// device'), undone there and at Log Out. Loaded on use (Profile, Log Out),
// not with the first script.
import { api, type Body } from '@/lib/api'
import { i18n } from '@/lib/i18n'

/** Whether this browser can be notified: no Push API, or notifications blocked, it can't. */
export function pushSupport(): 'unsupported' | 'denied' | 'available' {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') {
    return 'unsupported'
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'denied') return 'denied'
  return 'available'
}

/** The service worker's registration; undefined when none comes within `waitAtMost` ms (none is registered). */
async function registration(waitAtMost = 10_000): Promise<ServiceWorkerRegistration | undefined> {
  if (pushSupport() === 'unsupported') return undefined
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitAtMost)),
  ])
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null
}

/** "BPx…" (base64url, no padding) → its bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * Why the browser would not subscribe, in the app's language and with what
 * to do: the browser's own message ("Registration failed - permission
 * denied") is in English whatever the app speaks.
 */
function subscribeFailure(error: unknown): string {
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return i18n._({
      id: 'profile.push.notAllowed',
      message:
        'The browser did not allow notifications. Turn them on again and choose Allow when the browser asks, or allow them in its site settings.',
    })
  }
  return i18n._({
    id: 'profile.push.subscribeFailed',
    message: 'The browser could not turn on notifications. Check your connection and try again, or try another browser.',
  })
}

/**
 * The subscription as POST /api/push/subscriptions takes it. A browser's has
 * its endpoint and both keys, which the DOM's type leaves optional; one
 * without them is refused by the server (422) rather than here.
 */
function subscriptionBody(subscription: PushSubscription): Body<'/push/subscriptions', 'post'> {
  const json = subscription.toJSON()
  return {
    ...json,
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { ...json.keys, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  }
}

/** Subscribes this device with the server's VAPID key and tells the server where to send. */
export async function subscribeDevice(): Promise<PushSubscription> {
  const worker = await registration()
  if (!worker)
    throw new Error(
      i18n._({
        id: 'profile.push.notReady',
        message: 'This browser has not finished setting up the app yet. Reload the page and try again.',
      }),
    )
  const { key } = await api.get('/push/key')
  const subscription = await worker.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) })
    .catch((error: unknown) => {
      throw new Error(subscribeFailure(error))
    })
  try {
    await api.post('/push/subscriptions', { body: subscriptionBody(subscription) })
  } catch (error) {
    await subscription.unsubscribe().catch(() => false)
    throw error
  }
  return subscription
}

/**
 * Stops notifications to this device: the server forgets it (while the
 * session lasts: `tellServer`) and the browser drops the subscription.
 */
export async function unsubscribeDevice({ tellServer = true } = {}): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  if (tellServer) await api.delete('/push/subscriptions', { body: { endpoint: subscription.endpoint } })
  await subscription.unsubscribe()
}

/**
 * Hands this browser's subscription to the server again, if it has one: after this session's cookie was renewed
 * (a new password, signing out everywhere else), the server ended the subscription with the old cookie.
 */
export async function resubscribeDevice(): Promise<void> {
  const subscription = await currentSubscription()
  if (subscription) await api.post('/push/subscriptions', { body: subscriptionBody(subscription) })
}
