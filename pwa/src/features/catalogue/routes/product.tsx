import { useParams } from 'react-router-dom'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { isApiError } from '@/lib/api'
import { useI18n } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useProduct } from '@/lib/get-product'
import { NotFound } from '../components/not-found'
import { MessageSeller, ProductActions, ReportLink } from '../components/product-actions'
import { ProductDetails } from '../components/product-details'

/** "12" → 12; anything that can't be an id → null. */
function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null
}

export function ProductRoute() {
  const i18n = useI18n()
  const id = parseId(useParams().id)
  const product = useProduct(id)
  useDocumentTitle(product.data?.product ?? i18n._({ id: 'product.documentTitle', message: 'Product' }))

  let body
  if (id === null || isApiError(product.error, 404)) {
    body = (
      <>
        <h1 className="sr-only">{i18n._({ id: 'product.notFound', message: 'Product not found' })}</h1>
        <NotFound title={i18n._({ id: 'product.notFound.title', message: 'We could not find this product' })}>
          {i18n._({ id: 'product.notFound.body', message: 'It may have been removed by its seller.' })}
        </NotFound>
      </>
    )
  } else if (product.isPending && product.fetchStatus === 'paused') {
    body = <OfflineState what={i18n._({ id: 'product.offlineWhat', message: 'This product' })} />
  } else if (product.isPending) {
    body = <PageSpinner label={i18n._({ id: 'product.loading', message: 'Loading the product…' })} />
  } else if (product.isError && !product.data) {
    body = <QueryErrorState title={i18n._({ id: 'product.loadError', message: 'Could not load this product' })} query={product} />
  } else {
    body = (
      <ProductDetails
        product={product.data}
        actions={
          // Side by side in the phone's bottom bar, one above the other when
          // their words are too long for that; stacked beside the photos.
          <div className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-3">
            <ProductActions product={product.data} className="max-w-full flex-[1_1_7rem]" />
            <MessageSeller
              product={product.data}
              className="max-w-full flex-[1_1_7rem] text-center break-words hyphens-auto max-md:px-3 max-md:text-sm md:w-full"
            />
          </div>
        }
        footer={<ReportLink product={product.data} />}
      />
    )
  }

  return <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-8">{body}</div>
}
