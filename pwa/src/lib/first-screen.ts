// The first screen's data, fetched once per load. The home page's lists come
// with the page a visitor opens (the server writes them in, see
// api/first_screen.go), or are asked for as the app starts, before the
// code of the screen that shows them has loaded. Either way they were fetched
// for that screen's first showing, which must not ask for them again: such an
// answer counts as fresh until the first screen using it has mounted, and
// from then on, as every answer, it is refetched each time a screen is shown
// (query-client.ts).
import { type FetchQueryOptions, hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { Category, List, Product } from './types'

/** What the server writes into the home page for a visitor, by list. */
export interface FirstScreenLists {
  categories: List<Category>
  advertised: List<Product>
}

/** The id of the element holding them (firstScreenID in first_screen.go). */
const elementId = 'first-screen'

/** The lists the page came with, taken out of it (they are read once); null when it has none. */
export function takeFirstScreenLists(): FirstScreenLists | null {
  const element = document.getElementById(elementId)
  if (!element) return null
  element.remove()
  try {
    return JSON.parse(element.textContent ?? '') as FirstScreenLists
  } catch {
    return null
  }
}

// The queries answered for the first screen, by hash, until it has mounted.
const forFirstScreen = new Set<string>()
let stopWatching: (() => void) | undefined

/**
 * Marks the query key as answered for the first screen, and releases it once
 * a screen has subscribed to it: React Query decides whether to refetch as a
 * screen subscribes, right after telling the cache, so the release waits for
 * the next microtask.
 */
function markForFirstScreen(client: QueryClient, key: QueryKey): void {
  forFirstScreen.add(hashKey(key))
  stopWatching ??= client.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !forFirstScreen.has(event.query.queryHash)) return
    const hash = event.query.queryHash
    queueMicrotask(() => {
      forFirstScreen.delete(hash)
      if (forFirstScreen.size === 0) {
        stopWatching?.()
        stopWatching = undefined
      }
    })
  })
}

/** The query defaults' staleTime: fresh while answered for the first screen, stale at once otherwise. */
export function staleTime(query: Query): number {
  return forFirstScreen.has(query.queryHash) ? Infinity : 0
}

/** Puts an answer the page came with in the cache, for the first screen. */
export function seedForFirstScreen(client: QueryClient, key: QueryKey, data: unknown): void {
  markForFirstScreen(client, key)
  client.setQueryData(key, data)
}

/** Asks for a query now, for the first screen, which shows its answer without asking again. */
export function prefetchForFirstScreen<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  markForFirstScreen(client, options.queryKey)
  void client.prefetchQuery(options)
}
