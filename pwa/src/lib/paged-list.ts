// Lists from the server come a page at a time ({"items", "total"} with
// limit/offset); screens show the first page and a "Load more" button while
// total exceeds what is loaded. One infinite query per list.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query'
import { defaultPageSize } from './api/contract.gen'
import type { List } from './types'

/** The server's default page size. */
export const pageSize = defaultPageSize

export interface PageRequest {
  limit: number
  offset: number
}

export type PageFetcher<T> = (page: PageRequest, signal: AbortSignal) => Promise<List<T>>

/** The offset of the next page, or undefined when everything is loaded. */
export function nextOffset(lastPage: List<unknown>, lastOffset: number): number | undefined {
  const next = lastOffset + lastPage.items.length
  return lastPage.items.length > 0 && next < lastPage.total ? next : undefined
}

/**
 *   export const usersQueryOptions = () => pagedListOptions(userKeys.list(), getUsers)
 */
export function pagedListOptions<T, K extends QueryKey>(queryKey: K, fetchPage: PageFetcher<T>, limit = pageSize) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextOffset(lastPage, lastOffset),
  })
}

/**
 * All loaded items in order, without the repeats a shifted page brings (an item
 * added or removed between two pages moves the others by one), and the total.
 */
export function flattenPages<T extends { id: number | string }>(
  data: InfiniteData<List<T>> | undefined,
): {
  items: T[]
  total: number
} {
  if (!data) return { items: [], total: 0 }
  const seen = new Set<number | string>()
  const items: T[] = []
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue
      seen.add(item.id)
      items.push(item)
    }
  }
  const total = data.pages.at(-1)?.total ?? items.length
  return { items, total: Math.max(total, items.length) }
}

export interface PagedList<T> {
  query: UseInfiniteQueryResult<InfiniteData<List<T>>>
  items: T[]
  total: number
}

export type PagedListOptions<T, K extends QueryKey = QueryKey> = UseInfiniteQueryOptions<
  List<T>,
  Error,
  InfiniteData<List<T>>,
  K,
  number
>

/** Runs a paged list query; render it with <PagedTable list={...} />. */
export function usePagedList<T extends { id: number | string }, K extends QueryKey>(
  options: PagedListOptions<T, K>,
): PagedList<T> {
  const query = useInfiniteQuery(options)
  return { query, ...flattenPages(query.data) }
}

/**
 * Changes one item (by id) in a paged list's cached pages, for a write whose
 * answer should show at once, before the list is fetched again.
 */
export function updateListItem<T extends { id: number | string }>(
  client: QueryClient,
  queryKey: QueryKey,
  id: T['id'],
  change: (item: T) => T,
): void {
  client.setQueryData<InfiniteData<List<T>>>(
    queryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === id ? change(item) : item)) })),
      },
  )
}
