// The site's settings: the community's name, tagline and texts, and whether
// visitors may browse. Every layout shows them, so one query serves all, kept
// for offline use; until it answers (or when it cannot), the server's defaults.
import { QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback, useContext, useSyncExternalStore } from 'react'
import { api } from './api'
import { siteKeys } from './query-keys'
import type { Site } from './types'

/** What the server answers for a marketplace whose admins wrote nothing yet (app.DefaultSite). */
export const defaultSite: Site = {
  name: 'Rehome',
  tagline: 'Second-hand furniture and household goods, from neighbours.',
  about: '',
  rules: '',
  privacy: '',
  terms: '',
  contact_email: '',
  public_listings: false,
}

export function getSite(signal?: AbortSignal): Promise<Site> {
  return api.get('/site', { signal })
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.settings(),
    queryFn: ({ signal }) => getSite(signal),
    staleTime: 5 * 60_000,
    meta: { offline: { scope: 'public', group: 'site', limit: 1 } },
  })

/**
 * The site's settings, or the defaults while they load or when they cannot;
 * `known` once the server (or the offline copy) has answered. The default
 * tagline is the server's English one: a screen shows a tagline only once
 * known, as the server answers it in the marketplace's language.
 */
export function useSite(): { site: Site; isLoading: boolean; known: boolean } {
  const query = useQuery(siteQueryOptions())
  return { site: query.data ?? defaultSite, isLoading: query.isPending, known: query.data !== undefined }
}

/**
 * The site's name as the cache has it, without asking the server: the top
 * bar's useSite asks once for every screen, and a screen's title follows
 * its answer. Outside a query client (a component drawn alone), the default.
 */
export function useSiteName(): string {
  const client = useContext(QueryClientContext)
  const subscribe = useCallback(
    (onChange: () => void) => (client ? client.getQueryCache().subscribe(onChange) : () => undefined),
    [client],
  )
  const read = () => client?.getQueryData<Site>(siteKeys.settings())?.name || defaultSite.name
  return useSyncExternalStore(subscribe, read, read)
}
