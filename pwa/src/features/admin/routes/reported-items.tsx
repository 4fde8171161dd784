import { Link } from 'react-router-dom'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { Thumbnail } from '@/components/thumbnail'
import { useFormatPrice } from '@/lib/currency'
import { formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { ReportedProduct } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDismissReport } from '../api/dismiss-report'
import { useReported } from '../api/get-reported'
import { useHideReview } from '../api/hide-review'
import { useRemoveListing } from '../api/remove-listing'
import { None } from '../components/none'
import { SearchableTable } from '../components/searchable-table'

const kindLabels: Record<ReportedProduct['kind'], string> = {
  product: 'Listing',
  user: 'Person',
  message: 'Message',
  review: 'Review',
}

/** What a report is of, in a few words: the listing's name, or whose the person, message or review is. */
export function reportedName(item: ReportedProduct): string {
  switch (item.kind) {
    case 'user':
      return item.user || 'A deleted account'
    case 'message':
      return `Message from ${item.user || 'a deleted account'}`
    case 'review':
      return `Review by ${item.user || 'a deleted account'}`
    default:
      return item.product
  }
}

/** A reported message with the messages before it, the reported one marked. */
function MessageContext({ item }: { item: ReportedProduct }) {
  if (!item.context?.length) return null
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-teal-800 underline">Show the conversation</summary>
      <ol className="mt-2 space-y-1 text-sm" aria-label={`The conversation around the message from ${item.user || 'a deleted account'}`}>
        {item.context.map((line) => (
          <li
            key={line.id}
            className={line.reported ? 'rounded bg-amber-50 p-1 ring-1 ring-amber-300' : 'p-1'}
            aria-current={line.reported ? 'true' : undefined}
          >
            <span className="font-medium">{line.sender_id === item.user_id ? item.user : 'The reporter'}</span>
            <span className="text-stone-500"> · {formatDateTime(line.time)}</span>
            {line.reported && <span className="sr-only"> (reported)</span>}
            <p className="break-words">{line.text || (line.pickup_at ? `Proposed a pickup time: ${formatDateTime(line.pickup_at)}` : '')}</p>
          </li>
        ))}
      </ol>
    </details>
  )
}

function ReportedName({ item }: { item: ReportedProduct }) {
  switch (item.kind) {
    case 'product':
      return item.product_id === null ? (
        <span className="font-medium">{item.product}</span>
      ) : (
        <Link to={paths.product(item.product_id)} className="font-medium">
          {item.product}
        </Link>
      )
    case 'user':
      return item.user_id === null ? (
        <span className="font-medium">{reportedName(item)}</span>
      ) : (
        <Link to={paths.seller(item.user_id)} className="font-medium">
          {reportedName(item)}
        </Link>
      )
    default:
      return (
        <div className="min-w-0">
          <span className="font-medium">{reportedName(item)}</span>
          {item.kind === 'review' && item.rating !== null && (
            <span className="ms-2 whitespace-nowrap text-amber-700" aria-label={`${item.rating} of 5 stars`}>
              {'★'.repeat(item.rating)}
              {'☆'.repeat(5 - item.rating)}
            </span>
          )}
          {item.text && <blockquote className="mt-1 border-s-2 border-stone-300 ps-2 break-words">{item.text}</blockquote>}
          {item.kind === 'message' && <MessageContext item={item} />}
        </div>
      )
  }
}

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
    variables: (item: ReportedProduct) => item.product_id ?? 0,
    success: 'Product deleted successfully',
  })
  const hiding = useConfirmedAction({
    mutation: useHideReview(),
    variables: (item: ReportedProduct) => ({ id: item.review_id ?? 0, reason: item.reason || 'Reported' }),
    success: 'Review hidden',
  })

  const columns: Column<ReportedProduct>[] = [
    {
      header: 'Image',
      asideWhenStacked: true,
      cell: (item) =>
        item.kind === 'product' ? (
          <Thumbnail src={item.thumb_url || item.image} alt={item.product} size={56} />
        ) : (
          <Badge tone="amber">{kindLabels[item.kind]}</Badge>
        ),
    },
    { header: 'Name', cell: (item) => <ReportedName item={item} />, className: 'md:max-w-sm' },
    {
      header: 'Price',
      cell: (item) =>
        item.kind === 'product' ? <span className="whitespace-nowrap">{formatPrice(item.resale_price)}</span> : <None />,
    },
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
            aria-label={`Dismiss the report on ${reportedName(item)}`}
            variant="secondary"
            size="sm"
            onClick={() => dismissal.ask(item)}
          >
            Dismiss
          </Button>
          {item.kind === 'product' && item.product_id !== null && (
            <Button
              aria-label={`Remove listing ${item.product}`}
              variant="danger"
              size="sm"
              onClick={() => removal.ask(item)}
            >
              Remove listing
            </Button>
          )}
          {item.kind === 'review' && item.review_id !== null && (
            <Button aria-label={`Hide the review by ${item.user || 'a deleted account'}`} variant="danger" size="sm" onClick={() => hiding.ask(item)}>
              Hide review
            </Button>
          )}
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
        searchIn={(item) => [item.product, item.seller, item.seller_email, item.user, item.user_email, item.text]}
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
        {...hiding.dialog}
        title="Hide this review?"
        message={
          hiding.target && (
            <p>
              The <strong>review by {hiding.target.user || 'a deleted account'}</strong> is hidden for good, with the reason “
              {hiding.target.reason || 'Reported'}” in the audit log.
            </p>
          )
        }
        confirmLabel="Hide review"
      />
      <ConfirmDialog
        {...dismissal.dialog}
        title="Dismiss this report?"
        message={
          dismissal.target &&
          (dismissal.target.kind === 'product' ? (
            <p>
              <strong>{dismissal.target.product}</strong> stays listed, and its reports are cleared.
            </p>
          ) : (
            <p>
              <strong>{reportedName(dismissal.target)}</strong> stays as it is, and its reports are cleared.
            </p>
          ))
        }
        confirmLabel="Dismiss"
      />
    </>
  )
}
