import { Trans } from '@lingui/react'
import { Link } from 'react-router-dom'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { Thumbnail } from '@/components/thumbnail'
import { useFormatPrice } from '@/lib/currency'
import { formatDateTime } from '@/lib/format'
import { i18n as appI18n, useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { ReportedProduct } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDismissReport } from '../api/dismiss-report'
import { useReported } from '../api/get-reported'
import { useHideReview } from '../api/hide-review'
import { useRemoveListing } from '../api/remove-listing'
import { None } from '../components/none'
import { SearchableTable } from '../components/searchable-table'

/** What kind of thing was reported, in the language shown now. */
function kindLabel(kind: ReportedProduct['kind']): string {
  const i18n = appI18n
  switch (kind) {
    case 'product':
      return i18n._({ id: 'admin.reported.kind.product', message: 'Listing' })
    case 'user':
      return i18n._({ id: 'admin.reported.kind.user', message: 'Person' })
    case 'message':
      return i18n._({ id: 'admin.reported.kind.message', message: 'Message' })
    case 'review':
      return i18n._({ id: 'admin.reported.kind.review', message: 'Review' })
    default:
      return kind
  }
}

/** Whose a message or review is: their name, or that their account is gone. */
function authorOf(item: ReportedProduct): string {
  const i18n = appI18n
  return item.user || i18n._({ id: 'admin.reported.deletedAccount', message: 'a deleted account' })
}

/** What a report is of, in a few words: the listing's name, or whose the person, message or review is. */
export function reportedName(item: ReportedProduct): string {
  const i18n = appI18n
  switch (item.kind) {
    case 'user':
      return item.user || i18n._({ id: 'admin.reported.deletedAccountName', message: 'A deleted account' })
    case 'message':
      return i18n._({ id: 'admin.reported.messageFrom', message: 'Message from {name}', values: { name: authorOf(item) } })
    case 'review':
      return i18n._({ id: 'admin.reported.reviewBy', message: 'Review by {name}', values: { name: authorOf(item) } })
    default:
      return item.product
  }
}

/** A reported message with the messages before it, the reported one marked. */
function MessageContext({ item }: { item: ReportedProduct }) {
  const i18n = useI18n()
  if (!item.context?.length) return null
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-teal-800 underline">
        {i18n._({ id: 'admin.reported.showConversation', message: 'Show the conversation' })}
      </summary>
      <ol
        className="mt-2 space-y-1 text-sm"
        aria-label={i18n._({
          id: 'admin.reported.conversationAround',
          message: 'The conversation around the message from {name}',
          values: { name: authorOf(item) },
        })}
      >
        {item.context.map((line) => (
          <li
            key={line.id}
            className={line.reported ? 'rounded bg-amber-50 p-1 ring-1 ring-amber-300' : 'p-1'}
            aria-current={line.reported ? 'true' : undefined}
          >
            <span className="font-medium">
              {line.sender_id === item.user_id ? item.user : i18n._({ id: 'admin.reported.reporter', message: 'The reporter' })}
            </span>
            <span className="text-stone-500"> · {formatDateTime(line.time)}</span>
            {line.reported && (
              <span className="sr-only"> {i18n._({ id: 'admin.reported.reportedMark', message: '(reported)' })}</span>
            )}
            <p className="break-words">
              {line.text ||
                (line.pickup_at
                  ? i18n._({
                      id: 'admin.reported.proposedPickup',
                      message: 'Proposed a pickup time: {time}',
                      values: { time: formatDateTime(line.pickup_at) },
                    })
                  : '')}
            </p>
          </li>
        ))}
      </ol>
    </details>
  )
}

function ReportedName({ item }: { item: ReportedProduct }) {
  const i18n = useI18n()
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
            <span
              className="ms-2 whitespace-nowrap text-amber-700"
              aria-label={i18n._({ id: 'admin.reported.stars', message: '{rating} of 5 stars', values: { rating: item.rating } })}
            >
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
  const i18n = useI18n()
  const reported = useReported()
  const formatPrice = useFormatPrice()
  const dismissal = useConfirmedAction({
    mutation: useDismissReport(),
    variables: (item: ReportedProduct) => item.id,
    success: i18n._({ id: 'admin.reported.dismissed', message: 'Report dismissed' }),
  })
  const removal = useConfirmedAction({
    mutation: useRemoveListing(),
    variables: (item: ReportedProduct) => item.product_id ?? 0,
    success: i18n._({ id: 'admin.reported.removed', message: 'Product deleted successfully' }),
  })
  const hiding = useConfirmedAction({
    mutation: useHideReview(),
    variables: (item: ReportedProduct) => ({ id: item.review_id ?? 0, reason: item.reason || 'Reported' }),
    success: i18n._({ id: 'admin.reported.hidden', message: 'Review hidden' }),
  })

  const columns: Column<ReportedProduct>[] = [
    {
      header: i18n._({ id: 'admin.reported.image', message: 'Image' }),
      asideWhenStacked: true,
      cell: (item) =>
        item.kind === 'product' ? (
          <Thumbnail src={item.thumb_url || item.image} alt={item.product} size={56} />
        ) : (
          <Badge tone="amber">{kindLabel(item.kind)}</Badge>
        ),
    },
    {
      header: i18n._({ id: 'admin.column.name', message: 'Name' }),
      cell: (item) => <ReportedName item={item} />,
      className: 'md:max-w-sm',
    },
    {
      header: i18n._({ id: 'admin.reported.price', message: 'Price' }),
      cell: (item) =>
        item.kind === 'product' ? <span className="whitespace-nowrap">{formatPrice(item.resale_price)}</span> : <None />,
    },
    { header: i18n._({ id: 'admin.reported.reports', message: 'Reports' }), cell: (item) => item.reports },
    {
      header: i18n._({ id: 'admin.reported.reason', message: 'Reason' }),
      cell: (item) => (item.reason ? <span className="break-words">{item.reason}</span> : <None />),
      className: 'md:max-w-xs',
    },
    {
      header: i18n._({ id: 'admin.column.actions', message: 'Actions' }),
      hideLabelWhenStacked: true,
      cell: (item) => (
        // One row on the widest screens; below, the buttons wrap rather than widen the table past its box.
        <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:justify-start 2xl:flex-nowrap">
          <Button
            aria-label={i18n._({
              id: 'admin.reported.dismissOn',
              message: 'Dismiss the report on {name}',
              values: { name: reportedName(item) },
            })}
            variant="secondary"
            size="sm"
            onClick={() => dismissal.ask(item)}
          >
            {i18n._({ id: 'admin.reported.dismiss', message: 'Dismiss' })}
          </Button>
          {item.kind === 'product' && item.product_id !== null && (
            <Button
              aria-label={i18n._({
                id: 'admin.reported.removeListingOf',
                message: 'Remove listing {product}',
                values: { product: item.product },
              })}
              variant="danger"
              size="sm"
              onClick={() => removal.ask(item)}
            >
              {i18n._({ id: 'admin.reported.removeListing', message: 'Remove listing' })}
            </Button>
          )}
          {item.kind === 'review' && item.review_id !== null && (
            <Button
              aria-label={i18n._({
                id: 'admin.reported.hideReviewBy',
                message: 'Hide the review by {name}',
                values: { name: authorOf(item) },
              })}
              variant="danger"
              size="sm"
              onClick={() => hiding.ask(item)}
            >
              {i18n._({ id: 'admin.reported.hideReview', message: 'Hide review' })}
            </Button>
          )}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title={i18n._({ id: 'admin.reported.title', message: 'Reported Items' })} />
      <SearchableTable
        list={reported}
        caption={i18n._({ id: 'admin.reported.caption', message: 'Reported items' })}
        columns={columns}
        counts={{
          all: (total) =>
            i18n._({
              id: 'admin.reported.count',
              message: '{total, plural, one {# reported item} other {# reported items}}',
              values: { total },
            }),
          some: (shown, total) =>
            i18n._({
              id: 'admin.reported.countSome',
              message: '{shown} of {total, plural, one {# reported item} other {# reported items}}',
              values: { shown, total },
            }),
          noMatch: (query) =>
            i18n._({ id: 'admin.reported.noMatch', message: 'No reported items match “{query}”', values: { query } }),
        }}
        searchIn={(item) => [item.product, item.seller, item.seller_email, item.user, item.user_email, item.text]}
        emptyTitle={i18n._({ id: 'admin.reported.empty', message: 'No reported items found' })}
        errorTitle={i18n._({ id: 'admin.reported.loadError', message: 'Could not load the reported items' })}
      />
      <ConfirmDialog
        {...removal.dialog}
        title={i18n._({ id: 'admin.reported.removeTitle', message: 'Remove this listing?' })}
        message={
          removal.target && (
            <p>
              <Trans
                id="admin.reported.removeBody"
                message="<0>{product}</0> by {seller} is deleted with its reports and advert. Open bookings on it are cancelled."
                values={{ product: removal.target.product, seller: removal.target.seller }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.reported.removeListing', message: 'Remove listing' })}
      />
      <ConfirmDialog
        {...hiding.dialog}
        title={i18n._({ id: 'admin.reported.hideTitle', message: 'Hide this review?' })}
        message={
          hiding.target && (
            <p>
              <Trans
                id="admin.reported.hideBody"
                message="The <0>review by {name}</0> is hidden for good, with the reason “{reason}” in the audit log."
                values={{
                  name: authorOf(hiding.target),
                  // The reason the audit log keeps, as sent.
                  reason: hiding.target.reason || 'Reported',
                }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.reported.hideReview', message: 'Hide review' })}
      />
      <ConfirmDialog
        {...dismissal.dialog}
        title={i18n._({ id: 'admin.reported.dismissTitle', message: 'Dismiss this report?' })}
        message={
          dismissal.target &&
          (dismissal.target.kind === 'product' ? (
            <p>
              <Trans
                id="admin.reported.dismissProductBody"
                message="<0>{product}</0> stays listed, and its reports are cleared."
                values={{ product: dismissal.target.product }}
                components={{ 0: <strong /> }}
              />
            </p>
          ) : (
            <p>
              <Trans
                id="admin.reported.dismissBody"
                message="<0>{name}</0> stays as it is, and its reports are cleared."
                values={{ name: reportedName(dismissal.target) }}
                components={{ 0: <strong /> }}
              />
            </p>
          ))
        }
        confirmLabel={i18n._({ id: 'admin.reported.dismiss', message: 'Dismiss' })}
      />
    </>
  )
}
