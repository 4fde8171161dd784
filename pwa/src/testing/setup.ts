import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach } from 'vitest'
import { reportReached } from '@/lib/connectivity'
import { defaultLocale, i18n } from '@/lib/i18n'
import { messages as englishMessages } from '@/locales/en/messages'
import { waitLimit } from './wait'

// Screens draw in English at once, as if its catalog had loaded.
function showEnglish() {
  if (i18n.locale !== defaultLocale) i18n.loadAndActivate({ locale: defaultLocale, messages: englishMessages })
  document.documentElement.lang = defaultLocale
}
showEnglish()

// findBy… and waitFor wait for what they name, up to waitLimit (./wait.ts).
configure({ asyncUtilTimeout: waitLimit })

afterEach(() => {
  cleanup()
  toast.remove()
  // A test that failed a fetch must not leave the next one offline.
  reportReached()
  // Nor one that switched language leave the next one in it.
  localStorage.removeItem('rehome.language')
  showEnglish()
})

// jsdom has no <dialog> behaviour: a minimal stand-in for showModal/close and
// Escape, enough for components built on the native element.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
    this.setAttribute('data-modal', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.removeAttribute('data-modal')
    if (returnValue !== undefined) this.returnValue = returnValue
    this.dispatchEvent(new Event('close'))
  }
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog[open][data-modal]')
    const top = dialogs[dialogs.length - 1]
    if (!top) return
    const cancel = new Event('cancel', { cancelable: true })
    if (top.dispatchEvent(cancel)) top.close()
  })
}

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })
}
