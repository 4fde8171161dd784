// Whether the server can be reached. navigator.onLine only says whether there
// is a network at all (and a captive Wi-Fi or a dead server pass it), so every
// API call reports here too: a fetch that fails makes us offline, any answer
// makes us online. While offline, a cheap probe asks the server every few
// seconds, and at once when the browser says the network is back.
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

const probeInterval = 4000

let online = typeof navigator === 'undefined' ? true : navigator.onLine
const listeners = new Set<() => void>()

export function isOnline(): boolean {
  return online
}

function setOnline(value: boolean) {
  if (value === online) return
  online = value
  for (const listener of listeners) listener()
}

/** A request got an answer, whatever its status. */
export function reportReached(): void {
  setOnline(true)
}

/** A request failed before any answer came. */
export function reportUnreachable(): void {
  setOnline(false)
}

export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Re-renders when the server becomes reachable or unreachable. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true)
}

async function probe(): Promise<void> {
  try {
    await fetch('/api/categories', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' })
    reportReached()
  } catch {
    reportUnreachable()
  }
}

/**
 * Starts watching the connection and makes react-query follow it: queries
 * wait (paused, keeping what they show) while offline and refetch when the
 * server answers again. Returns the function that stops watching.
 */
export function watchConnectivity(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined
  const schedule = () => {
    clearInterval(timer)
    timer = online ? undefined : setInterval(() => void probe(), probeInterval)
  }
  const onBrowserOffline = () => reportUnreachable()
  const onBrowserOnline = () => void probe()
  const onVisible = () => {
    if (!online && document.visibilityState === 'visible') void probe()
  }
  window.addEventListener('offline', onBrowserOffline)
  window.addEventListener('online', onBrowserOnline)
  document.addEventListener('visibilitychange', onVisible)
  const unsubscribe = subscribeOnline(schedule)
  schedule()
  onlineManager.setEventListener((setQueriesOnline) => subscribeOnline(() => setQueriesOnline(online)))
  onlineManager.setOnline(online)
  return () => {
    clearInterval(timer)
    unsubscribe()
    window.removeEventListener('offline', onBrowserOffline)
    window.removeEventListener('online', onBrowserOnline)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
