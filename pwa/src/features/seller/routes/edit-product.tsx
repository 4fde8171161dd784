import { useQuery } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import { productQueryOptions } from '@/lib/get-product'
import { paths } from '@/lib/paths'
import type { Product, User } from '@/lib/types'
import { useUpdateProduct } from '../api/update-product'
import { changesOf, type Listing } from '../components/listing'
import { ProductForm } from '../components/product-form'

/** "12" → 12; anything that can't be an id → null. */
function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null
}

export function EditProductRoute() {
  const i18n = useI18n()
  const id = parseId(useParams().id)
  const { user } = useUser()
  // Not opened from a list's copy, as the product page is: the form starts from the product as the server has it.
  const product = useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null })

  let body
  if (id === null || isApiError(product.error, 404)) {
    body = (
      <EmptyState title={i18n._({ id: 'sell.edit.notFound', message: 'We could not find this product' })}>
        {i18n._({ id: 'sell.edit.notFoundHint', message: 'It may have been deleted.' })}
      </EmptyState>
    )
  } else if (product.isPending && product.fetchStatus === 'paused') {
    body = <OfflineState what={i18n._({ id: 'sell.edit.offline', message: 'This product' })} />
  } else if (product.isPending || !user) {
    body = <PageSpinner label={i18n._({ id: 'sell.edit.loading', message: 'Loading the product…' })} />
  } else if (product.isError && !product.data) {
    body = (
      <QueryErrorState title={i18n._({ id: 'sell.edit.loadError', message: 'Could not load this product' })} query={product} />
    )
  } else {
    // Keyed by the product, so the form starts again from another one.
    body = <EditProduct key={product.data.id} seller={user} product={product.data} />
  }

  return (
    <>
      <PageHeader
        title={i18n._({ id: 'sell.edit.title', message: 'Edit Product' })}
        description={i18n._({ id: 'sell.edit.description', message: 'Change what you need; buyers see it at once.' })}
        actions={
          user && (
            <Link to={paths.myProducts(user.email)} className={buttonClasses({ variant: 'secondary' })}>
              {i18n._({ id: 'sell.edit.back', message: 'Back to My Products' })}
            </Link>
          )
        }
      />
      {body}
    </>
  )
}

function EditProduct({ seller, product }: { seller: User; product: Product }) {
  const i18n = useI18n()
  const navigate = useNavigate()
  const update = useUpdateProduct(product.id)
  const save = async (listing: Listing) => {
    const changes = changesOf(product, listing)
    if (Object.keys(changes).length > 0) await update.mutateAsync(changes)
    toast.success(i18n._({ id: 'sell.edit.done', message: 'Product updated' }))
    await navigate(paths.myProducts(seller.email))
  }
  return (
    <ProductForm
      seller={seller}
      product={product}
      submitLabel={i18n._({ id: 'sell.edit.save', message: 'Save changes' })}
      save={save}
    />
  )
}
