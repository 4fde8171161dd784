import { Trans } from '@lingui/react'
import { Link, useParams } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import type { Column } from '@/components/table'
import { Thumbnail } from '@/components/thumbnail'
import { Badge } from '@/components/badge'
import { useFormatPrice } from '@/lib/currency'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { toastOutcome, useConfirmedAction } from '@/lib/use-confirmed-action'
import { useAdvertiseProduct } from '../api/advertise-product'
import { useDeleteProduct } from '../api/delete-product'
import { useMyProducts } from '../api/get-my-products'
import { ProductStatus } from '../components/product-status'

export function MyProductsRoute() {
  const i18n = useI18n()
  const { email = '' } = useParams()
  const products = useMyProducts(email)
  const formatPrice = useFormatPrice()
  const advertise = useAdvertiseProduct()
  const deletion = useConfirmedAction({
    mutation: useDeleteProduct(),
    variables: (product: Product) => product.id,
    success: i18n._({ id: 'sell.mine.deleted', message: 'Product deleted successfully' }),
  })
  // The toast only once the server has accepted it (spec header, point 5).
  const advertiseProduct = (product: Product) =>
    advertise.mutate(
      product.id,
      toastOutcome(i18n._({ id: 'sell.mine.advertisedToast', message: 'Advertised product in homepage' })),
    )

  const columns: Column<Product>[] = [
    {
      header: i18n._({ id: 'sell.mine.productName', message: 'Product name' }),
      cell: (product) => (
        // The listing as buyers see it, one tap from its row.
        <Link to={paths.product(product.id)} className="flex items-center gap-3 font-medium max-md:flex-row-reverse">
          <Thumbnail src={product.thumb_url || product.image} alt="" size={40} />
          <span className="min-w-0">{product.product}</span>
        </Link>
      ),
    },
    {
      header: i18n._({ id: 'sell.mine.price', message: 'Price' }),
      cell: (product) => <span className="whitespace-nowrap font-medium">{formatPrice(product.resale_price)}</span>,
    },
    { header: i18n._({ id: 'sell.mine.location', message: 'Location' }), cell: (product) => product.location },
    { header: i18n._({ id: 'sell.mine.category', message: 'Category' }), cell: (product) => product.category },
    {
      header: i18n._({ id: 'sell.mine.status', message: 'Status' }),
      cell: (product) => (
        <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
          <ProductStatus status={product.status} />
          {product.advertised && <Badge tone="teal">{i18n._({ id: 'sell.mine.advertised', message: 'Advertised' })}</Badge>}
        </span>
      ),
    },
    {
      header: i18n._({ id: 'sell.mine.actions', message: 'Actions' }),
      hideLabelWhenStacked: true,
      cell: (product) => {
        const sold = product.status === 'Sold'
        const reasonId = `advertise-reason-${product.id}`
        return (
          <div className="flex w-full flex-wrap items-center justify-end gap-2 md:justify-start">
            {!sold && (
              <Link
                to={paths.editProduct(product.id)}
                aria-label={i18n._({
                  id: 'sell.mine.editProduct',
                  message: 'Edit {product}',
                  values: { product: product.product },
                })}
                className={buttonClasses({ size: 'sm' })}
              >
                {i18n._({ id: 'sell.mine.edit', message: 'Edit' })}
              </Link>
            )}
            <Button
              aria-label={
                product.advertised
                  ? i18n._({
                      id: 'sell.mine.isAdvertised',
                      message: '{product} is advertised',
                      values: { product: product.product },
                    })
                  : i18n._({
                      id: 'sell.mine.advertiseProduct',
                      message: 'Advertise {product}',
                      values: { product: product.product },
                    })
              }
              variant="secondary"
              size="sm"
              disabled={sold || product.advertised}
              aria-describedby={sold ? reasonId : undefined}
              isLoading={advertise.isPending && advertise.variables === product.id}
              onClick={() => advertiseProduct(product)}
            >
              {product.advertised
                ? i18n._({ id: 'sell.mine.advertised', message: 'Advertised' })
                : i18n._({ id: 'sell.mine.advertise', message: 'Advertise' })}
            </Button>
            {/* Quiet: it asks first, and it is rarely what a seller came for. */}
            <button
              type="button"
              aria-label={i18n._({
                id: 'sell.mine.deleteProduct',
                message: 'Delete {product}',
                values: { product: product.product },
              })}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 active:bg-red-100"
              onClick={() => deletion.ask(product)}
            >
              {i18n._({ id: 'sell.mine.delete', message: 'Delete' })}
            </button>
            {sold && (
              <span id={reasonId} className="basis-full text-end text-sm text-stone-600 md:text-start">
                {i18n._({ id: 'sell.mine.soldNoAdvert', message: 'Sold products can’t be advertised' })}
              </span>
            )}
          </div>
        )
      },
    },
  ]

  return (
    <>
      <PageHeader
        title={i18n._({ id: 'sell.mine.title', message: 'My Products' })}
        actions={
          <Link to={paths.addProduct} className={buttonClasses()}>
            {i18n._({ id: 'sell.add.title', message: 'Add Product' })}
          </Link>
        }
      />
      <PagedTable
        list={products}
        caption={i18n._({ id: 'sell.mine.caption', message: 'My products' })}
        columns={columns}
        emptyTitle={i18n._({ id: 'sell.mine.empty', message: 'You have no products for sale' })}
        emptyAction={
          <Link to={paths.addProduct} className={buttonClasses({ variant: 'secondary' })}>
            {i18n._({ id: 'sell.mine.addOne', message: 'Add a product' })}
          </Link>
        }
        errorTitle={i18n._({ id: 'sell.mine.loadError', message: 'Could not load your products' })}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={i18n._({ id: 'sell.mine.deleteTitle', message: 'Delete this product?' })}
        message={
          deletion.target && (
            <p>
              <Trans
                id="sell.mine.deleteMessage"
                message="<0>{product}</0> will be removed for good, with its advert. Open bookings on it are cancelled."
                values={{ product: deletion.target.product }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'sell.mine.delete', message: 'Delete' })}
      />
    </>
  )
}
