// Blocking a person: they cannot message the blocker nor book their listings
// (the server answers 403, the same whichever side blocked), and the blocker
// stops seeing their listings. They are not told. A conversation blocks and
// unblocks, Profile lists the people blocked: two features, so it lives here.
import { useEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './api'
import { i18n } from './i18n'
import { pagedListOptions, usePagedList, type PageRequest } from './paged-list'
import { blockKeys } from './query-keys'
import { refreshAfterWrite } from './refresh'
import type { BlockedUser, List } from './types'

export type { BlockedUser }

/** What blocking does, said before it is done, in the app's language. */
export function blockingExplained(): string {
  return i18n._({
    id: 'messages.block.explained',
    message: "They won't be able to message you or book your listings, and you won't see their listings. They are not told.",
  })
}

/** GET /api/blocks: the people blocked, newest first. */
export function getBlocks(page: PageRequest, signal?: AbortSignal): Promise<List<BlockedUser>> {
  return api.get('/blocks', { query: page, signal })
}

// The server's largest page: few people block more than that, so one request usually holds them all.
const blocksPage = 100

export function useBlocks() {
  return usePagedList(pagedListOptions(blockKeys.list(), getBlocks, blocksPage))
}

/**
 * Whether the signed-in person blocked this one: undefined until the list
 * says (offline, or still loading). Reads on while the person is not among
 * the pages loaded and more remain.
 */
export function useBlocked(personId: number | undefined): boolean | undefined {
  const { query, items } = useBlocks()
  const found = items.some((blocked) => blocked.id === personId)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const readOn = !found && hasNextPage && !isFetchingNextPage
  useEffect(() => {
    if (readOn) void fetchNextPage()
  }, [readOn, fetchNextPage])
  if (found) return true
  return personId !== undefined && query.data && !hasNextPage ? false : undefined
}

/** POST /api/users/{id}/block: 204. Again is no change; oneself is 409. */
export function blockPerson(id: number): Promise<void> {
  return api.post('/users/{id}/block', { path: { id } })
}

/** DELETE /api/users/{id}/block: 204, whether or not there was a block. */
export function unblockPerson(id: number): Promise<void> {
  return api.delete('/users/{id}/block', { path: { id } })
}

function useBlockChange(change: (id: number) => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    // Pending until the list says so: the screens read the block from it.
    onSuccess: () => refreshAfterWrite(queryClient, { kind: 'person.blocked' }),
  })
}

export function useBlockPerson() {
  return useBlockChange(blockPerson)
}

export function useUnblockPerson() {
  return useBlockChange(unblockPerson)
}
