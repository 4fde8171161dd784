import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { Thumbnail } from '@/components/thumbnail'
import { useFormatPrice } from '@/lib/currency'
import { paths } from '@/lib/paths'
import type { ReportedProduct } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDismissReport } from '../api/dismiss-report'
import { useReported } from '../api/get-reported'
import { useRemoveListing } from '../api/remove-listing'
import { None } from '../components/none'
import { SearchableTable } from '../components/searchable-table'

export function ReportedItemsRoute() {
  const reported = useReported()
  const formatPrice = useFormatPrice()
  const dismissal = useConfirmedAction({
    mutation: useDismissReport(),
    variables: (item: ReportedProduct) => item.id,
    success: 'Report dismissed',
  })
  const removal = useConfirmedAction({
    mutation: useRemoveListing(),
    variables: (item: ReportedProduct) => item.product_id,
    success: 'Product deleted successfully',
  })

  const columns: Column<ReportedProduct>[] = [
    {
      header: 'Image',
      asideWhenStacked: true,
      cell: (item) => <Thumbnail src={item.thumb_url || item.image} alt={item.product} size={56} />,
    },
    {
      header: 'Name',
      cell: (item) => (
        <Link to={paths.product(item.product_id)} className="font-medium">
          {item.product}
        </Link>
      ),
    },
    { header: 'Price', cell: (item) => <span className="whitespace-nowrap">{formatPrice(item.resale_price)}</span> },
    { header: 'Reports', cell: (item) => item.reports },
    {
      header: 'Reason',
      cell: (item) => (item.reason ? <span className="break-words">{item.reason}</span> : <None />),
      className: 'md:max-w-xs',
    },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (item) => (
        <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:flex-nowrap md:justify-start">
          <Button
            aria-label={`Dismiss the report on ${item.product}`}
            variant="secondary"
            size="sm"
            onClick={() => dismissal.ask(item)}
          >
            Dismiss
          </Button>
          <Button
            aria-label={`Remove listing ${item.product}`}
            variant="danger"
            size="sm"
            onClick={() => removal.ask(item)}
          >
            Remove listing
          </Button>
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="Reported Items" />
      <SearchableTable
        list={reported}
        caption="Reported items"
        columns={columns}
        noun={['reported item', 'reported items']}
        searchIn={(item) => [item.product, item.seller, item.seller_email]}
        emptyTitle="No reported items found"
        errorTitle="Could not load the reported items"
      />
      <ConfirmDialog
        {...removal.dialog}
        title="Remove this listing?"
        message={
          removal.target && (
            <p>
              <strong>{removal.target.product}</strong> by {removal.target.seller} is deleted with its reports and
              advert. Open bookings on it are cancelled.
            </p>
          )
        }
        confirmLabel="Remove listing"
      />
      <ConfirmDialog
        {...dismissal.dialog}
        title="Dismiss this report?"
        message={
          dismissal.target && (
            <p>
              <strong>{dismissal.target.product}</strong> stays listed, and its reports are cleared.
            </p>
          )
        }
        confirmLabel="Dismiss"
      />
    </>
  )
}
