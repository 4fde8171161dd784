import type { PagedList } from '@/lib/paged-list'
import { errorMessage } from '@/lib/api'
import { useI18n } from '@/lib/i18n'
import { Button } from './button'

/**
 * The foot of a server list: how much of it shows once there is more than a
 * page, why the next page did not come, and "Load more" while the server
 * holds more than is shown.
 */
export function LoadMore<T>({ list }: { list: PagedList<T> }) {
  const i18n = useI18n()
  const { query, items, total } = list
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="text-sm text-stone-600" aria-live="polite">
        {(query.hasNextPage || (query.data?.pages.length ?? 0) > 1) &&
          i18n._({ id: 'common.showingOf', message: 'Showing {shown} of {total}', values: { shown: items.length, total } })}
      </p>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {i18n._({
            id: 'common.couldNotLoadMore',
            message: 'Could not load more: {error}',
            values: { error: errorMessage(query.error) },
          })}
        </p>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
          {i18n._({ id: 'common.loadMore', message: 'Load more' })}
        </Button>
      )}
    </div>
  )
}
