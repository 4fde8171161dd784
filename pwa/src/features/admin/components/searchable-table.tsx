import { useId, useState, type ReactNode } from 'react'
import { EmptyState } from '@/components/empty-state'
import { Input } from '@/components/field'
import { PagedTable } from '@/components/paged-table'
import type { Column } from '@/components/table'
import { useI18n } from '@/lib/i18n'
import type { PagedList } from '@/lib/paged-list'

/** The rows whose texts contain the query, ignoring case and spaces around it. */
export function searchRows<T>(rows: T[], query: string, texts: (row: T) => string[]): T[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return rows
  return rows.filter((row) => texts(row).some((text) => text.toLowerCase().includes(needle)))
}

interface SearchableTableProps<T> {
  list: PagedList<T>
  caption: string
  columns: Column<T>[]
  /**
   * The count in words, in the language shown now: all of them ('12 users'),
   * some while searching ('2 of 12 users'), and none matching a query.
   */
  counts: {
    all: (total: number) => string
    some: (shown: number, total: number) => string
    noMatch: (query: string) => string
  }
  /** What the search looks in, e.g. the name and the email. */
  searchIn: (row: T) => string[]
  emptyTitle: ReactNode
  errorTitle: string
}

/**
 * An admin list with a Search box and its count ('12 users', or '2 of 12
 * users' while searching). The server's lists take no query, so the search
 * filters the rows loaded; with more on the server, it says so.
 */
export function SearchableTable<T extends { id: number }>({
  list,
  caption,
  columns,
  counts,
  searchIn,
  emptyTitle,
  errorTitle,
}: SearchableTableProps<T>) {
  const i18n = useI18n()
  const [query, setQuery] = useState('')
  const inputId = useId()
  const rows = searchRows(list.items, query, searchIn)
  const searching = query.trim() !== ''
  const loaded = list.items.length > 0

  return (
    <div className="flex flex-col gap-4">
      {loaded && (
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div className="flex w-full flex-col gap-1.5 sm:max-w-xs">
            <label htmlFor={inputId} className="font-medium text-stone-800">
              {i18n._({ id: 'admin.search.label', message: 'Search' })}
            </label>
            <Input
              id={inputId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={i18n._({ id: 'admin.search.placeholder', message: 'Name or email' })}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
          <p className="text-sm whitespace-nowrap text-stone-600" aria-live="polite">
            {searching ? counts.some(rows.length, list.total) : counts.all(list.total)}
            {searching &&
              list.query.hasNextPage &&
              ' ' + i18n._({ id: 'admin.search.loadedOnly', message: '(searching the ones loaded)' })}
          </p>
        </div>
      )}
      {searching && rows.length === 0 ? (
        <EmptyState title={counts.noMatch(query.trim())} />
      ) : (
        <PagedTable
          list={{ ...list, items: rows }}
          caption={caption}
          columns={columns}
          emptyTitle={emptyTitle}
          errorTitle={errorTitle}
        />
      )}
    </div>
  )
}
