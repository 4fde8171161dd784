import type { I18n } from '@lingui/core'
import { Trans } from '@lingui/react'
import { useMemo, useState, type ComponentType } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { FormError } from '@/components/form-error'
import { PageHeader } from '@/components/page-header'
import { CardSkeletonList } from '@/components/skeleton'
import { isApiError } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { flattenPages, pageSize } from '@/lib/paged-list'
import type { Product } from '@/lib/types'
import { useSavedProducts } from '../api/saved-products'
import { useSearchProducts } from '../api/search-products'
import { FilterChips } from '../components/filter-chips'
import { FilterForm } from '../components/filter-form'
import { InvalidFilters } from '../components/invalid-filters'
import { LoadMore } from '../components/load-more'
import { SortSelect } from '../components/sort-select'
import {
  countPanelFilters,
  filtersFromParams,
  filtersToParams,
  searchAddress,
  withoutPanelFilters,
  type SearchFilters,
} from '../filters'
import { matchProducts } from '../offline-match'

/** How a result is drawn. The app gives the catalogue's card (features don't import each other). */
export interface ResultCardProps {
  product: Product
  /** The first result: its picture is fetched at once. */
  priority: boolean
}

/** Two columns from 360 px; three only on wide screens, where the filters take a column. */
const resultGridClasses = 'grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 xl:grid-cols-3'

/** "No results", "1 result", "123 results". */
export function resultCount(count: number, i18n: I18n): string {
  if (count === 0) return i18n._({ id: 'search.count.none', message: 'No results' })
  if (count === 1) return i18n._({ id: 'search.count.one', message: '1 result' })
  return i18n._({ id: 'search.count.other', message: '{count} results', values: { count } })
}

function heading(filters: SearchFilters, sellerName: string | undefined, i18n: I18n): { title: string; description?: string } {
  const q = filters.q
  if (filters.seller) {
    return {
      title: sellerName
        ? i18n._({ id: 'search.title.bySeller', message: 'Listings by {seller}', values: { seller: sellerName } })
        : i18n._({ id: 'search.title.byThisSeller', message: 'Listings by this seller' }),
      description: q ? i18n._({ id: 'search.title.matching', message: 'Matching “{q}”', values: { q } }) : undefined,
    }
  }
  return {
    title: q
      ? i18n._({ id: 'search.title.resultsFor', message: 'Results for “{q}”', values: { q } })
      : i18n._({ id: 'search.title.all', message: 'All listings' }),
  }
}

/** The results in pages: the server's while online; the matches among the saved listings while offline. */
function useResults(filters: SearchFilters, address: string) {
  const online = useOnline()
  const query = useSearchProducts(filters)
  const saved = useSavedProducts(!online)
  // Offline, the matches are shown a page at a time too; a new search starts at one page.
  const [offlineShown, setOfflineShown] = useState({ address, count: pageSize })
  const shownOffline = offlineShown.address === address ? offlineShown.count : pageSize
  // `address` stands for the filters: the same search, the same matches.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filters is a new object each render
  const matched = useMemo(() => (online ? [] : matchProducts(saved, filters)), [online, saved, address])

  if (!online) {
    return {
      online,
      query,
      saved: saved.length,
      items: matched.slice(0, shownOffline),
      total: matched.length,
      more:
        shownOffline < matched.length
          ? { load: () => setOfflineShown({ address, count: shownOffline + pageSize }), isLoading: false }
          : undefined,
    }
  }
  const { items, total } = flattenPages(query.data)
  return {
    online,
    query,
    saved: 0,
    items,
    total,
    suggestion: query.data?.pages[0]?.suggestion,
    more: query.hasNextPage ? { load: () => void query.fetchNextPage(), isLoading: query.isFetchingNextPage } : undefined,
  }
}

/**
 * Search results. Everything comes from the address (see filters.ts): a
 * search can be shared, bookmarked and reopened with Back, and each change of
 * a filter is a new entry in the history. Offline, the same search runs over
 * the listings saved on this device, and says so.
 */
export function SearchRoute({ Card }: { Card: ComponentType<ResultCardProps> }) {
  const i18n = useI18n()
  const [params, setParams] = useSearchParams()
  const filters = filtersFromParams(params)
  const address = filtersToParams(filters).toString()
  const [panelOpen, setPanelOpen] = useState(false)
  const results = useResults(filters, address)
  const { query } = results

  const change = (next: SearchFilters) => {
    setPanelOpen(false)
    setParams(filtersToParams(next))
  }
  const clearPanel = () => change(withoutPanelFilters(filters))
  const fieldErrors = results.online && isApiError(query.error, 422) ? query.error.fields : {}
  const { title, description } = heading(filters, filters.seller ? results.items[0]?.seller : undefined, i18n)
  const panelCount = countPanelFilters(filters)
  const filterForm = <FilterForm key={address} filters={filters} errors={fieldErrors} onApply={change} onClear={clearPanel} />

  const ready = !results.online || (!query.isPending && !(query.isError && !query.data))
  let body
  if (!results.online && results.saved === 0) {
    body = (
      <EmptyState title={i18n._({ id: 'common.offline.title', message: 'You are offline' })}>
        {i18n._({
          id: 'search.offline.nothingSaved',
          message: 'No listings are saved on this device yet. Search again once you are back online.',
        })}
      </EmptyState>
    )
  } else if (results.online && query.isPending) {
    body = (
      <CardSkeletonList
        count={6}
        label={i18n._({ id: 'search.searching', message: 'Searching…' })}
        className={resultGridClasses}
      />
    )
  } else if (results.online && query.isError && !query.data) {
    body = isApiError(query.error, 422) ? (
      <InvalidFilters error={query.error} onEdit={() => setPanelOpen(true)} />
    ) : (
      <QueryErrorState title={i18n._({ id: 'search.error', message: 'Could not search the listings' })} query={query} />
    )
  } else if (results.items.length === 0) {
    body = (
      <EmptyState
        title={i18n._({ id: 'search.empty.title', message: 'No listings match your search' })}
        action={
          panelCount > 0 && (
            <Button variant="secondary" onClick={clearPanel}>
              {i18n._({ id: 'search.clearFilters', message: 'Clear filters' })}
            </Button>
          )
        }
      >
        {filters.q
          ? i18n._({ id: 'search.empty.withWords', message: 'Check the spelling, try fewer words, or remove a filter.' })
          : i18n._({ id: 'search.empty.noWords', message: 'Try removing a filter.' })}
      </EmptyState>
    )
  } else {
    body = (
      <>
        <ul className={resultGridClasses}>
          {results.items.map((product, index) => (
            <li key={product.id}>
              <Card product={product} priority={index === 0} />
            </li>
          ))}
        </ul>
        {results.online && query.isFetchNextPageError && (
          <div className="mt-6">
            <FormError error={query.error} />
          </div>
        )}
        {results.more && (
          <LoadMore
            shown={results.items.length}
            total={results.total}
            onLoadMore={results.more.load}
            isLoading={results.more.isLoading}
          />
        )}
      </>
    )
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={title} description={description} className="mb-4" />
      {results.suggestion && (
        <p className="mb-4 text-lg">
          <Link to={searchAddress({ ...filters, q: results.suggestion })} className="font-semibold">
            <Trans
              id="search.didYouMean"
              message="Did you mean <0>{suggestion}</0>?"
              values={{ suggestion: results.suggestion }}
              components={{ 0: <em /> }}
            />
          </Link>
        </p>
      )}
      <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8">
        <aside
          aria-label={i18n._({ id: 'search.filters', message: 'Filters' })}
          className="hidden self-start rounded-2xl border border-stone-200 bg-white p-5 lg:block"
        >
          {filterForm}
        </aside>
        <section aria-label={i18n._({ id: 'search.results', message: 'Results' })} className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p role="status" className="text-lg font-medium text-stone-700">
              {ready && resultCount(results.total, i18n)}
            </p>
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <Button
                variant="secondary"
                aria-haspopup="dialog"
                onClick={() => setPanelOpen(true)}
                className="shrink-0 lg:hidden"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" d="M4 6h16M7 12h10M10 18h4" />
                </svg>
                {panelCount > 0
                  ? i18n._({ id: 'search.filters.count', message: 'Filters ({count})', values: { count: panelCount } })
                  : i18n._({ id: 'search.filters', message: 'Filters' })}
              </Button>
              <SortSelect filters={filters} onChange={change} className="min-w-0 flex-1 sm:flex-none" />
            </div>
          </div>
          <FilterChips filters={filters} onChange={change} />
          {!results.online && results.saved > 0 && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 font-medium text-amber-950">
              {results.saved === 1
                ? i18n._({
                    id: 'search.offline.matchesAmongOne',
                    message: 'You are offline — showing matches among 1 listing saved on this device.',
                  })
                : i18n._({
                    id: 'search.offline.matchesAmong',
                    message: 'You are offline — showing matches among {count} listings saved on this device.',
                    values: { count: results.saved },
                  })}
            </p>
          )}
          <div>{body}</div>
        </section>
      </div>
      <Dialog
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        title={i18n._({ id: 'search.filters', message: 'Filters' })}
        fullScreen
      >
        <FilterForm key={address} filters={filters} errors={fieldErrors} onApply={change} onClear={clearPanel} instant={false} />
      </Dialog>
    </div>
  )
}
