import { Link, useParams } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import type { Column } from '@/components/table'
import { Thumbnail } from '@/components/thumbnail'
import { Badge } from '@/components/badge'
import { useFormatPrice } from '@/lib/currency'
import { paths } from '@/lib/paths'
import type { Product } from '@/lib/types'
import { toastOutcome, useConfirmedAction } from '@/lib/use-confirmed-action'
import { useAdvertiseProduct } from '../api/advertise-product'
import { useDeleteProduct } from '../api/delete-product'
import { useMyProducts } from '../api/get-my-products'
import { ProductStatus } from '../components/product-status'

export function MyProductsRoute() {
  const { email = '' } = useParams()
  const products = useMyProducts(email)
  const formatPrice = useFormatPrice()
  const advertise = useAdvertiseProduct()
  const deletion = useConfirmedAction({
    mutation: useDeleteProduct(),
    variables: (product: Product) => product.id,
    success: 'Product deleted successfully',
  })
  // The toast only once the server has accepted it (spec header, point 5).
  const advertiseProduct = (product: Product) =>
    advertise.mutate(product.id, toastOutcome('Advertised product in homepage'))

  const columns: Column<Product>[] = [
    {
      header: 'Product name',
      cell: (product) => (
        // The listing as buyers see it, one tap from its row.
        <Link to={paths.product(product.id)} className="flex items-center gap-3 font-medium max-md:flex-row-reverse">
          <Thumbnail src={product.thumb_url || product.image} alt="" size={40} />
          <span>{product.product}</span>
        </Link>
      ),
    },
    {
      header: 'Price',
      cell: (product) => <span className="whitespace-nowrap font-medium">{formatPrice(product.resale_price)}</span>,
    },
    { header: 'Location', cell: (product) => product.location },
    { header: 'Category', cell: (product) => product.category },
    {
      header: 'Status',
      cell: (product) => (
        <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
          <ProductStatus status={product.status} />
          {product.advertised && <Badge tone="teal">Advertised</Badge>}
        </span>
      ),
    },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (product) => {
        const sold = product.status === 'Sold'
        const reasonId = `advertise-reason-${product.id}`
        return (
          <div className="flex w-full flex-wrap items-center justify-end gap-2 md:justify-start">
            {!sold && (
              <Link
                to={paths.editProduct(product.id)}
                aria-label={`Edit ${product.product}`}
                className={buttonClasses({ size: 'sm' })}
              >
                Edit
              </Link>
            )}
            <Button
              aria-label={
                product.advertised ? `${product.product} is advertised` : `Advertise ${product.product}`
              }
              variant="secondary"
              size="sm"
              disabled={sold || product.advertised}
              aria-describedby={sold ? reasonId : undefined}
              isLoading={advertise.isPending && advertise.variables === product.id}
              onClick={() => advertiseProduct(product)}
            >
              {product.advertised ? 'Advertised' : 'Advertise'}
            </Button>
            {/* Quiet: it asks first, and it is rarely what a seller came for. */}
            <button
              type="button"
              aria-label={`Delete ${product.product}`}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 active:bg-red-100"
              onClick={() => deletion.ask(product)}
            >
              Delete
            </button>
            {sold && (
              <span id={reasonId} className="basis-full text-right text-sm text-stone-600 md:text-left">
                Sold products can’t be advertised
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
        title="My Products"
        actions={
          <Link to={paths.addProduct} className={buttonClasses()}>
            Add Product
          </Link>
        }
      />
      <PagedTable
        list={products}
        caption="My products"
        columns={columns}
        emptyTitle="You have no products for sale"
        emptyAction={
          <Link to={paths.addProduct} className={buttonClasses({ variant: 'secondary' })}>
            Add a product
          </Link>
        }
        errorTitle="Could not load your products"
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this product?"
        message={
          deletion.target && (
            <p>
              <strong>{deletion.target.product}</strong> will be removed for good, with its advert. Open bookings on it
              are cancelled.
            </p>
          )
        }
        confirmLabel="Delete"
      />
    </>
  )
}
