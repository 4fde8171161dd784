import type { Key, ReactNode } from 'react'
import type { PagedList } from '@/lib/paged-list'
import { errorMessage } from '@/lib/api'
import { Button } from './button'
import { EmptyState } from './empty-state'
import { QueryErrorState } from './error-state'
import { OfflineState } from './offline-state'
import { PageSpinner } from './spinner'
import { Table, type Column } from './table'

interface PagedTableProps<T> {
  /** From usePagedList(). */
  list: PagedList<T>
  /** Names the table for screen readers. */
  caption: string
  columns: Column<T>[]
  /** The spec's wording for an empty list, e.g. 'You have no orders'. */
  emptyTitle: ReactNode
  emptyAction?: ReactNode
  errorTitle?: string
  rowKey?: (row: T) => Key
}

/**
 * A server list in all its states: a spinner while the first page loads, an
 * error with Retry, the spec's empty text, or the table with "Load more" while
 * the server holds more than is shown.
 */
export function PagedTable<T extends { id: number }>({
  list,
  caption,
  columns,
  emptyTitle,
  emptyAction,
  errorTitle,
  rowKey = (row) => row.id,
}: PagedTableProps<T>) {
  const { query, items, total } = list
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineState what="This list" />
  if (query.isPending) return <PageSpinner />
  // Saved or loaded rows are shown even when a refresh fails (offline).
  if (query.isError && !query.isFetchNextPageError && !query.data) {
    return (
      <QueryErrorState title={errorTitle} query={query} />
    )
  }
  if (items.length === 0) return <EmptyState title={emptyTitle} action={emptyAction} />
  return (
    <div className="flex flex-col gap-4">
      <Table caption={caption} columns={columns} rows={items} rowKey={rowKey} />
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-stone-600" aria-live="polite">
          {(query.hasNextPage || query.data.pages.length > 1) && `Showing ${items.length} of ${total}`}
        </p>
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            Could not load more: {errorMessage(query.error)}
          </p>
        )}
        {query.hasNextPage && (
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </div>
    </div>
  )
}
