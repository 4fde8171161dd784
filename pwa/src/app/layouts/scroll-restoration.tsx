import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

const storageKey = 'rehome-scroll-positions'

/** How far down each page of this tab's history was scrolled, by history entry (location.key). */
let positions: Record<string, number> | undefined

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>
    } catch {
      positions = {}
    }
  }
  return positions
}

/**
 * What React Router's <ScrollRestoration> does for us, without the ~1 KB gzip
 * it adds to every first visit: a page opened by a link starts at its top (or
 * at the element its #hash names), and Back or Forward, or a reload, returns
 * to where that page was scrolled. The browser's own restoring is off, as it
 * would act before the page is drawn; the positions live in sessionStorage,
 * like the tab's history.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const shown = useRef(location.key)

  useLayoutEffect(() => {
    const saved = savedPositions()
    const record = () => {
      saved[shown.current] = window.scrollY
    }
    const keep = () => {
      record()
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(saved))
      } catch {
        // Storage full or refused: positions are then kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto'
    }
    window.history.scrollRestoration = 'manual'
    window.addEventListener('scroll', record, { passive: true })
    window.addEventListener('pagehide', keep)
    return () => {
      window.removeEventListener('scroll', record)
      window.removeEventListener('pagehide', keep)
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useLayoutEffect(() => {
    shown.current = location.key
    const y = savedPositions()[location.key]
    if (typeof y === 'number') {
      window.scrollTo(0, y)
      return
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) {
        target.scrollIntoView()
        return
      }
    }
    window.scrollTo(0, 0)
  }, [location])

  return null
}
