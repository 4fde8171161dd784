import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { FormError } from '@/components/form-error'
import { OfflineState } from '@/components/offline-state'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { uniqueProducts } from '../api/get-category-products'
import { useJustListed } from '../api/get-just-listed'
import { ProductCard } from './product-card'
import { productGridClasses } from './product-grid'
import { JustListedSkeleton } from './just-listed-skeleton'

/**
 * How many pages load on their own as the list's end scrolls near; after
 * them (120 listings) only Load more brings more, so the page's foot can be
 * reached.
 */
export const autoLoadedPages = 5

/**
 * Calls `onNear` when the element comes within a screen's height below the
 * viewport, and again after each change of `generation` while it stays near
 * (a short page loads pages until it fills the screen).
 */
function useWhenNear(onNear: () => void, enabled: boolean, generation: number) {
  const ref = useRef<HTMLDivElement>(null)
  const latest = useRef(onNear)
  useEffect(() => {
    latest.current = onNear
  })
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '0px 0px 100% 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, generation])
  return ref
}

/**
 * The newest listings of every category in the category page's cards, each
 * opening its product (Book Now stays on the product's page, keeping the
 * booking code out of the home page's). The next page loads as the end of the
 * list scrolls near, up to autoLoadedPages; the Load more button does the same
 * for keyboards, after those pages, and after a page failed (which is not
 * retried on its own).
 */
export function JustListedFeed() {
  const i18n = useI18n()
  const query = useJustListed()
  const products = uniqueProducts(query.data?.pages)
  const total = query.data?.pages.at(-1)?.total ?? 0
  const pages = query.data?.pages.length ?? 0
  const canLoad = query.hasNextPage && pages < autoLoadedPages && query.fetchStatus === 'idle' && !query.isFetchNextPageError
  // Scrolling and Load more may both ask at once: the second joins the first.
  const loadMore = () => void query.fetchNextPage({ cancelRefetch: false })
  const sentinel = useWhenNear(loadMore, canLoad, pages)

  if (query.isPending && query.fetchStatus === 'paused') {
    return <OfflineState what={i18n._({ id: 'home.justListed.offlineWhat', message: 'The newest listings' })} />
  }
  if (query.isPending) return <JustListedSkeleton />
  if (query.isError && !query.data) {
    return (
      <QueryErrorState
        title={i18n._({ id: 'home.justListed.loadError', message: 'Could not load the newest listings' })}
        query={query}
      />
    )
  }
  if (products.length === 0) {
    return (
      <EmptyState
        title={i18n._({ id: 'home.justListed.empty', message: 'Nothing for sale yet' })}
        action={
          <Link to={paths.categories} className={buttonClasses({ variant: 'secondary' })}>
            {i18n._({ id: 'home.justListed.browseCategories', message: 'Browse the categories' })}
          </Link>
        }
      />
    )
  }
  return (
    <>
      <ul className={productGridClasses}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} headingLevel="h3" />
          </li>
        ))}
      </ul>
      {query.isFetchingNextPage && <JustListedSkeleton className="mt-3 sm:mt-6" />}
      {query.isFetchNextPageError && (
        <div className="mt-6">
          <FormError error={query.error} />
        </div>
      )}
      {query.hasNextPage && (
        <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
          <p className="text-sm text-stone-600">
            {i18n._({
              id: 'home.justListed.showing',
              message: 'Showing {shown} of {total}',
              values: { shown: products.length, total },
            })}
          </p>
          <Button variant="secondary" onClick={loadMore} isLoading={query.isFetchingNextPage}>
            {i18n._({ id: 'home.justListed.loadMore', message: 'Load more' })}
          </Button>
        </div>
      )}
    </>
  )
}
