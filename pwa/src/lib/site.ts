// The site's settings: the community's name, tagline and texts, and whether
// visitors may browse. Every layout shows them, so one query serves all, kept
// for offline use; until it answers (or when it cannot), the server's defaults.
import { queryOptions, useQuery } from '@tanstack/react-query'
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
  return api.get<Site>('/site', { signal })
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.settings(),
    queryFn: ({ signal }) => getSite(signal),
    staleTime: 5 * 60_000,
    meta: { offline: { scope: 'public', group: 'site', limit: 1 } },
  })

/** The site's settings, or the defaults while they load or when they cannot. */
export function useSite(): { site: Site; isLoading: boolean } {
  const query = useQuery(siteQueryOptions())
  return { site: query.data ?? defaultSite, isLoading: query.isPending }
}
