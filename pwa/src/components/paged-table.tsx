import type { Key, ReactNode } from 'react'
import { useI18n } from '@/lib/i18n'
import type { PagedList } from '@/lib/paged-list'
import { EmptyState } from './empty-state'
import { LoadMore } from './load-more'
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
  const i18n = useI18n()
  const { query, items } = list
  if (query.isPending && query.fetchStatus === 'paused') {
    return <OfflineState what={i18n._({ id: 'common.offline.thisList', message: 'This list' })} />
  }
  if (query.isPending) return <PageSpinner />
  // Saved or loaded rows are shown even when a refresh fails (offline).
  if (query.isError && !query.isFetchNextPageError && !query.data) {
    return <QueryErrorState title={errorTitle} query={query} />
  }
  if (items.length === 0) return <EmptyState title={emptyTitle} action={emptyAction} />
  return (
    <div className="flex flex-col gap-4">
      <Table caption={caption} columns={columns} rows={items} rowKey={rowKey} />
      <LoadMore list={list} />
    </div>
  )
}
