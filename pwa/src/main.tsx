// The first script, kept tiny. index.html already draws the app shell (top
// bar and spinner); the app's code is fetched meanwhile (modulepreload links,
// see vite.config.ts) but runs only once the browser has painted that shell,
// so a phone shows something before it spends time on the app. The code of
// the screen asked for starts loading at the same moment, not after the app's.
import { startLoadingScreen } from './app/screens'
import { chooseLocale, loadCatalog } from './lib/locale'
import './index.css'

// The language's catalog, which the first screen waits for, loads alongside.
void loadCatalog(chooseLocale()).catch(() => undefined)

function afterFirstPaint(then: () => void) {
  // A page opened in the background paints nothing until shown: start at once.
  if (document.visibilityState === 'hidden') then()
  // The frame's callbacks run just before it is painted; a task queued from
  // them runs after.
  else requestAnimationFrame(() => setTimeout(then, 0))
}

// React first, evaluated in a task of its own, then the rest of the app in
// another: one long task would keep a slow phone from answering a tap for
// longer (Total Blocking Time).
afterFirstPaint(() => {
  void import('react-dom/client').then(() =>
    setTimeout(() => {
      startLoadingScreen(window.location.pathname)
      void import('./app/start')
    }, 0),
  )
})
