import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { QueryErrorState } from '@/components/error-state'
import { MarkdownText } from '@/components/markdown'
import { OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { siteQueryOptions } from '@/lib/site'
import type { Site } from '@/lib/types'

interface SiteTextPageProps {
  title: (site: Site) => string
  description?: (site: Site) => string
  /** The page's body, from the site's settings. */
  children: (site: Site) => ReactNode
}

/**
 * A page of the community's own words, from the saved /api/site answer when
 * offline. A link to one of its sections (/about#rules) scrolls there once
 * the text is in.
 */
export function SiteTextPage({ title, description, children }: SiteTextPageProps) {
  const i18n = useI18n()
  const query = useQuery(siteQueryOptions())
  const { hash } = useLocation()
  const loaded = !!query.data
  useEffect(() => {
    if (!loaded || !hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [loaded, hash])

  let body: ReactNode
  if (query.data) {
    body = (
      <>
        <PageHeader
          title={title(query.data)}
          description={description?.(query.data) ? <span className="wrap-anywhere">{description(query.data)}</span> : undefined}
        />
        {children(query.data)}
      </>
    )
  } else if (query.fetchStatus === 'paused') {
    body = <OfflineState />
  } else if (query.isError) {
    body = <QueryErrorState title={i18n._({ id: 'site.page.error', message: 'Could not load this page' })} query={query} />
  } else {
    body = <PageSpinner />
  }
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">{body}</div>
}

/** One text of the site's, or a word that the admins have not written it yet. */
export function SiteText({ text, className }: { text: string; className?: string }) {
  const i18n = useI18n()
  if (!text.trim()) {
    return <p className="text-stone-600 italic">{i18n._({ id: 'site.page.empty', message: 'Nothing here yet.' })}</p>
  }
  return <MarkdownText text={text} className={cn('wrap-break-word', className)} />
}
