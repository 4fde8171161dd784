import { useEffect } from 'react'
import { useSiteName } from './site'

/** Sets the tab's title to "Title · Site name" (or the site's name alone) while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  const site = useSiteName()
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site
  }, [title, site])
}
