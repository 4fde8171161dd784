import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type Answer } from '@/lib/api'
import { siteKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { SearchResult } from '@/lib/types'

/** Synonym groups: a search for any word of a group finds the listings with any other. */
export type SynonymGroups = Answer<'/search/synonyms', 'get'>

/** GET /api/search/synonyms (admins): every group, `[]` for none. */
export function getSynonyms(signal?: AbortSignal): Promise<SynonymGroups> {
  return api.get('/search/synonyms', { signal })
}

export const synonymsQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.synonyms(), queryFn: ({ signal }) => getSynonyms(signal) })

export function useSynonyms() {
  return useQuery(synonymsQueryOptions())
}

/** PUT /api/search/synonyms (admins): replaces every group; 422 names each group refused (`synonyms.1`), saving none. */
export function saveSynonyms(groups: SynonymGroups): Promise<SynonymGroups> {
  return api.put('/search/synonyms', { body: groups })
}

export function useSaveSynonyms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSynonyms,
    onSuccess: (groups) => {
      queryClient.setQueryData(siteKeys.synonyms(), groups)
      return refreshAfterWrite(queryClient, { kind: 'synonyms.updated' })
    },
  })
}

/** How many listings a search for the word finds now, and the first few: what the synonyms as saved make of it. */
export function previewSearch(word: string, signal?: AbortSignal): Promise<SearchResult> {
  return api.get('/products', { query: { q: word, limit: 5 }, signal })
}
