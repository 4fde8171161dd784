import { useSyncExternalStore } from 'react'

/** Chromium's install offer; not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

// The offer can come before React renders, so it is caught as soon as this
// module loads and kept until used or the app is installed.
let offer: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()

function setOffer(value: BeforeInstallPromptEvent | null) {
  offer = value
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // our Install button asks instead of the browser's mini bar
    setOffer(event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => setOffer(null))
}

/** Shows the browser's install dialog, or null while the browser offers none (or the app is installed). */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offer,
    () => null,
  )
  if (!current) return null
  return async () => {
    // An offer can be shown once; the browser makes a new one if it still applies.
    setOffer(null)
    await current.prompt()
    await current.userChoice
  }
}
