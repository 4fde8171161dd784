// Work the first screen does not need (registering the service worker, whose
// install downloads the whole app once more; loading Dexie to write answers to
// IndexedDB) waits until the page has settled: loaded, a moment more, and the
// browser idle. On a slow phone or network it then does not compete with the
// first screen for the processor and the connection.
const settleDelay = 2000

let settled: Promise<void> | undefined

/** Resolves once the page has loaded, two more seconds have passed and the browser is idle. */
export function whenPageSettled(): Promise<void> {
  settled ??= new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: settleDelay })
      else resolve()
    }
    const later = () => setTimeout(whenIdle, settleDelay)
    if (document.readyState === 'complete') later()
    else window.addEventListener('load', later, { once: true })
  })
  return settled
}
