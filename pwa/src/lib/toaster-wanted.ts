// The app's toaster (app/toaster.tsx, with react-hot-toast: ~6 KB gzip) is
// loaded once the page has settled: no first screen shows a toast, and its
// code and first render would weigh on every first visit. A toast raised
// before then shows once the toaster has mounted, its time counted from when
// it was raised; one that the first seconds may raise and must be seen (a
// session that ended elsewhere) asks for the toaster at once.
import { whenPageSettled } from './page-settled'

let ask = () => {}
const asked = new Promise<void>((resolve) => (ask = resolve))

/** Loads the toaster now rather than once the page has settled. */
export function wantToaster(): void {
  ask()
}

/** Resolves when the toaster should be loaded. */
export function whenToasterWanted(): Promise<void> {
  return Promise.race([asked, whenPageSettled()])
}
