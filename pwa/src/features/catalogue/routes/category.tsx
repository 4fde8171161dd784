import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { FormError } from '@/components/form-error'
import { OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { CardSkeletonList } from '@/components/skeleton'
import { isApiError } from '@/lib/api'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { uniqueProducts, useCategoryProducts } from '../api/get-category-products'
import { NotFound } from '../components/not-found'
import { ProductActions } from '../components/product-actions'
import { ProductCard, productGridClasses } from '../components/product-card'

export function CategoryRoute() {
  const i18n = useI18n()
  const { name = '' } = useParams()
  const query = useCategoryProducts(name)
  const navigate = useNavigate()
  // A renamed category's former name: show its address now, as the server's page would.
  const renamedTo = query.data?.pages[0]?.renamedTo
  useEffect(() => {
    if (renamedTo) void navigate(paths.category(renamedTo), { replace: true })
  }, [navigate, renamedTo])
  const products = uniqueProducts(query.data?.pages)
  const total = query.data?.pages.at(-1)?.total ?? 0

  let body
  if (query.isPending && query.fetchStatus === 'paused') {
    body = <OfflineState what={i18n._({ id: 'category.offlineWhat', message: 'This category' })} />
  } else if (query.isPending) {
    body = (
      <CardSkeletonList
        count={6}
        label={i18n._({ id: 'category.loading', message: 'Loading products…' })}
        className={productGridClasses}
      />
    )
  } else if (query.isError && !query.data) {
    body = isApiError(query.error, 404) ? (
      <NotFound title={i18n._({ id: 'category.notFound.title', message: 'We could not find this category' })}>
        {i18n._({
          id: 'category.notFound.body',
          message: 'There is no category called “{name}”. It may have been renamed or removed.',
          values: { name },
        })}
      </NotFound>
    ) : (
      <QueryErrorState title={i18n._({ id: 'category.loadError', message: 'Could not load the products' })} query={query} />
    )
  } else {
    body = (
      <>
        <p role="status" className="mb-6 text-lg font-medium text-stone-700">
          {i18n._({
            id: 'category.found',
            message: '{total, plural, =0 {No products found} one {# product found} other {# products found}}',
            values: { total },
          })}
        </p>
        {products.length === 0 ? (
          <EmptyState
            title={i18n._({ id: 'category.empty', message: 'Nothing for sale here yet' })}
            action={
              <Link to={paths.categories} className={buttonClasses({ variant: 'secondary' })}>
                {i18n._({ id: 'category.browseOthers', message: 'Browse other categories' })}
              </Link>
            }
          />
        ) : (
          <ul className={productGridClasses}>
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} actions={<ProductActions product={product} />} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
        {query.isFetchNextPageError && (
          <div className="mt-6">
            <FormError error={query.error} />
          </div>
        )}
        {query.hasNextPage && (
          <div className="mt-8 flex flex-col items-center gap-2">
            <p className="text-sm text-stone-600">
              {i18n._({
                id: 'home.justListed.showing',
                message: 'Showing {shown} of {total}',
                values: { shown: products.length, total },
              })}
            </p>
            <Button variant="secondary" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
              {i18n._({ id: 'home.justListed.loadMore', message: 'Load more' })}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-8">
      <Link
        to={paths.categories}
        className="mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold no-underline hover:underline"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M12.8 4.2a1 1 0 0 1 0 1.4L8.4 10l4.4 4.4a1 1 0 0 1-1.4 1.4l-5.1-5.1a1 1 0 0 1 0-1.4l5.1-5.1a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        </svg>
        {i18n._({ id: 'category.allCategories', message: 'All categories' })}
      </Link>
      <PageHeader title={name} className="mb-2" />
      {body}
    </div>
  )
}
