import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { siteKeys } from '@/lib/query-keys'
import { refreshAfterWrite } from '@/lib/refresh'
import type { Site } from '@/lib/types'

/** PUT /api/site (admins): any subset of the settings; 422 names the fields it refuses. */
export function updateSite(changes: Partial<Site>): Promise<Site> {
  return api.put('/site', { body: changes })
}

export function useUpdateSite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSite,
    onSuccess: (site) => {
      // Every layout shows the name and links at once; the refetch confirms them.
      queryClient.setQueryData(siteKeys.settings(), site)
      return refreshAfterWrite(queryClient, { kind: 'site.updated' })
    },
  })
}
