import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { Avatar } from '@/components/avatar'
import { Badge } from '@/components/badge'
import { Button, buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { FormError } from '@/components/form-error'
import { OfflineState } from '@/components/offline-state'
import { CardSkeletonList } from '@/components/skeleton'
import { PageSpinner } from '@/components/spinner'
import { RatingSummary } from '@/components/stars'
import { TextDialog } from '@/components/text-dialog'
import { isApiError } from '@/lib/api'
import { isAdmin, useUser } from '@/lib/auth'
import { dateTimeFormat } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { useRemoveNoShow } from '@/lib/no-show'
import { paths } from '@/lib/paths'
import type { NoShowRecord, SellerProfile } from '@/lib/types'
import { useDocumentTitle } from '@/lib/use-document-title'
import { uniqueProducts } from '../api/get-category-products'
import { useUserReviews } from '../api/get-reviews'
import { useSellerProducts, useSellerProfile } from '../api/get-seller'
import { NotFound } from '../components/not-found'
import { ProductActions } from '../components/product-actions'
import { ProductCard, productGridClasses } from '../components/product-card'
import { ReportPerson } from '../components/report-person'
import { ReviewList } from '../components/review-list'
import { SellerName } from '../components/seller-name'

/** "12" → 12; anything that can't be an id → null. */
function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null
}

function SellerCard({ seller }: { seller: SellerProfile }) {
  const i18n = useI18n()
  const since = new Date(seller.member_since)
  return (
    <section
      aria-labelledby="seller-heading"
      className="mb-8 flex flex-wrap items-center gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:gap-6 sm:p-6"
    >
      <Avatar
        name={seller.name}
        src={seller.image || undefined}
        label={i18n._({ id: 'seller.picture', message: 'Picture of {name}', values: { name: seller.name } })}
        size={72}
      />
      <div className="min-w-0 flex-1">
        <h1 id="seller-heading" className="text-2xl font-bold sm:text-3xl">
          <SellerName name={seller.name} verified={seller.verified} />
        </h1>
        {!seller.sells && (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
            <Badge tone="teal">{i18n._({ id: 'reviews.role.buyer', message: 'Buyer' })}</Badge>
            {i18n._({ id: 'seller.buyerPage.seenBy', message: 'Only the sellers they booked with see this page' })}
          </p>
        )}
        {!Number.isNaN(since.getTime()) && (
          <p className="mt-1 text-stone-600">
            {i18n._({
              id: 'seller.memberSince',
              message: 'Member since {date}',
              values: { date: dateTimeFormat({ month: 'long', year: 'numeric' }).format(since) },
            })}
          </p>
        )}
        <RatingSummary rating={seller.rating} className="mt-2" />
        {seller.no_shows > 0 && (
          <p className="mt-2 font-medium text-red-800">
            {i18n._({
              id: 'seller.noShows',
              message: '{count, plural, one {# no-show} other {# no-shows}} in the last 12 months',
              values: { count: seller.no_shows },
            })}
            <span className="block text-sm font-normal text-stone-600">
              {i18n._({ id: 'seller.noShows.explained', message: 'Agreed pickups they did not come to' })}
            </span>
          </p>
        )}
        {seller.no_show_list.length > 0 && <NoShowList noShows={seller.no_show_list} />}
        {seller.sells && (
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-stone-800">
            <div className="flex gap-1.5">
              <dt>{i18n._({ id: 'seller.forSale', message: 'For sale' })}</dt>
              <dd className="font-semibold">{seller.listings}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>{i18n._({ id: 'seller.sold', message: 'Sold' })}</dt>
              <dd className="font-semibold">{seller.sold}</dd>
            </div>
          </dl>
        )}
        <ReportPerson person={seller} className="mt-2" />
      </div>
    </section>
  )
}

/** Each no-show counted on the profile, with its person's answer; an admin may take one back, with a reason. */
function NoShowList({ noShows }: { noShows: NoShowRecord[] }) {
  const i18n = useI18n()
  const { user } = useUser()
  const [removing, setRemoving] = useState<NoShowRecord | null>(null)
  const removal = useRemoveNoShow()
  const close = () => {
    removal.reset()
    setRemoving(null)
  }
  return (
    <>
      <ul aria-label={i18n._({ id: 'seller.noShows.list', message: 'No-shows' })} className="mt-2 flex flex-col gap-2 text-sm">
        {noShows.map((noShow) => {
          const when = dateTimeFormat({ dateStyle: 'medium' }).format(new Date(noShow.at))
          return (
            <li key={noShow.booking_id} className="rounded-lg bg-stone-50 px-3 py-2 text-stone-800">
              <p className="font-medium">
                {i18n._({ id: 'seller.noShows.on', message: 'No-show on {date}', values: { date: when } })}
              </p>
              {noShow.answer && (
                <p className="mt-1 break-words text-stone-700">
                  {i18n._({ id: 'seller.noShows.answer', message: 'Their answer: {answer}', values: { answer: noShow.answer } })}
                </p>
              )}
              {isAdmin(user) && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2"
                  aria-label={i18n._({
                    id: 'seller.noShows.removeOn',
                    message: 'Remove the no-show on {date}',
                    values: { date: when },
                  })}
                  onClick={() => setRemoving(noShow)}
                >
                  {i18n._({ id: 'seller.noShows.remove', message: 'Remove' })}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      <TextDialog
        open={removing !== null}
        title={i18n._({ id: 'seller.noShows.removeTitle', message: 'Remove this no-show?' })}
        label={i18n._({ id: 'seller.noShows.removeReason', message: 'Reason' })}
        submitLabel={i18n._({ id: 'seller.noShows.removeConfirm', message: 'Remove no-show' })}
        danger
        onCancel={close}
        onConfirm={(reason) => removing && removal.mutate({ id: removing.booking_id, reason }, { onSuccess: close })}
        isPending={removal.isPending}
        error={removal.error}
      >
        {i18n._({
          id: 'seller.noShows.removeExplained',
          message: 'It no longer counts nor shows on this profile. The reason goes to the audit log.',
        })}
      </TextDialog>
    </>
  )
}

/**
 * A seller's page: their card and rating, what they have for sale in the catalogue's cards, then their reviews.
 * A buyer's page (for the sellers they booked with) is the card and the reviews alone.
 */
export function SellerRoute() {
  const i18n = useI18n()
  const id = parseId(useParams().id)
  const profile = useSellerProfile(id)
  const listings = useSellerProducts(id)
  const reviews = useUserReviews(id)
  const products = uniqueProducts(listings.data?.pages)
  const total = listings.data?.pages.at(-1)?.total ?? 0
  useDocumentTitle(profile.data?.name ?? i18n._({ id: 'seller.documentTitle', message: 'Seller' }))

  let body
  if (id === null || isApiError(profile.error, 404)) {
    body = (
      <>
        <h1 className="sr-only">{i18n._({ id: 'seller.notFound', message: 'Seller not found' })}</h1>
        <NotFound title={i18n._({ id: 'seller.notFound.title', message: 'We could not find this seller' })}>
          {i18n._({ id: 'seller.notFound.body', message: 'Their account may have been closed.' })}
        </NotFound>
      </>
    )
  } else if (profile.isPending && profile.fetchStatus === 'paused') {
    body = <OfflineState what={i18n._({ id: 'seller.offlineWhat', message: "This seller's page" })} />
  } else if (profile.isPending) {
    body = <PageSpinner label={i18n._({ id: 'seller.loading', message: 'Loading the seller…' })} />
  } else if (profile.isError) {
    body = <QueryErrorState title={i18n._({ id: 'seller.loadError', message: 'Could not load this seller' })} query={profile} />
  } else {
    let list
    if (listings.isPending) {
      list = (
        <CardSkeletonList
          count={3}
          label={i18n._({ id: 'seller.listings.loading', message: 'Loading their listings…' })}
          className={productGridClasses}
        />
      )
    } else if (listings.isError && !listings.data) {
      list = (
        <QueryErrorState
          title={i18n._({ id: 'seller.listings.loadError', message: 'Could not load their listings' })}
          query={listings}
        />
      )
    } else if (products.length === 0) {
      list = (
        <EmptyState
          title={i18n._({ id: 'seller.listings.empty', message: 'Nothing for sale right now' })}
          action={
            <Link to={paths.categories} className={buttonClasses({ variant: 'secondary' })}>
              {i18n._({ id: 'home.justListed.browseCategories', message: 'Browse the categories' })}
            </Link>
          }
        />
      )
    } else {
      list = (
        <>
          <ul className={productGridClasses}>
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  headingLevel="h3"
                  actions={<ProductActions product={product} />}
                  priority={index === 0}
                />
              </li>
            ))}
          </ul>
          {listings.isFetchNextPageError && (
            <div className="mt-6">
              <FormError error={listings.error} />
            </div>
          )}
          {listings.hasNextPage && (
            <div className="mt-8 flex flex-col items-center gap-2">
              <p className="text-sm text-stone-600">
                {i18n._({
                  id: 'home.justListed.showing',
                  message: 'Showing {shown} of {total}',
                  values: { shown: products.length, total },
                })}
              </p>
              <Button variant="secondary" onClick={() => void listings.fetchNextPage()} isLoading={listings.isFetchingNextPage}>
                {i18n._({ id: 'home.justListed.loadMore', message: 'Load more' })}
              </Button>
            </div>
          )}
        </>
      )
    }
    body = (
      <>
        <SellerCard seller={profile.data} />
        {profile.data.sells && (
          <section aria-labelledby="seller-listings-heading">
            <h2 id="seller-listings-heading" className="mb-4 text-xl font-bold sm:text-2xl">
              {i18n._({ id: 'seller.forSaleBy', message: 'For sale by {name}', values: { name: profile.data.name } })}
            </h2>
            {list}
          </section>
        )}
        <ReviewList list={reviews} name={profile.data.name} />
      </>
    )
  }

  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">{body}</div>
}
