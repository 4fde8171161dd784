import type { PagedList } from '@/lib/paged-list'
import { errorMessage } from '@/lib/api'
import { Button } from './button'

/**
 * The foot of a server list: how much of it shows once there is more than a
 * page, why the next page did not come, and "Load more" while the server
 * holds more than is shown.
 */
export function LoadMore<T>({ list }: { list: PagedList<T> }) {
  const { query, items, total } = list
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="text-sm text-stone-600" aria-live="polite">
        {(query.hasNextPage || (query.data?.pages.length ?? 0) > 1) && `Showing ${items.length} of ${total}`}
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
  )
}
