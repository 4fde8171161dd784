import { useEffect } from 'react'

/** Sets the tab's title to "Title · Rehome" (or "Rehome" alone) while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Rehome` : 'Rehome'
  }, [title])
}
