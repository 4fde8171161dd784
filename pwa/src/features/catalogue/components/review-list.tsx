import { Badge } from '@/components/badge'
import { QueryErrorState } from '@/components/error-state'
import { LoadMore } from '@/components/load-more'
import { CardSkeletonList } from '@/components/skeleton'
import { Stars } from '@/components/stars'
import { maxStars } from '@/lib/api/contract.gen'
import { formatDate } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import type { PagedList } from '@/lib/paged-list'
import type { Review } from '@/lib/types'
import { ReportReview } from './report-person'

/** One review: its stars, who wrote it and about what, when, and what they said. */
function ReviewItem({ review }: { review: Review }) {
  const i18n = useI18n()
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="flex items-center gap-2 text-lg">
          <Stars value={review.rating} />
          <span className="sr-only">
            {i18n._({
              id: 'reviews.rated',
              message: 'Rated {rating} out of {maxStars}',
              values: { rating: review.rating, maxStars },
            })}
          </span>
        </p>
        <div className="flex items-center gap-2">
          <time dateTime={review.time} className="text-sm text-stone-600">
            {formatDate(review.time)}
          </time>
          <ReportReview review={review} />
        </div>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-800">
        <span className="font-semibold">{review.author}</span>
        <Badge tone={review.role === 'buyer' ? 'teal' : 'stone'}>
          {review.role === 'buyer'
            ? i18n._({ id: 'reviews.role.buyer', message: 'Buyer' })
            : i18n._({ id: 'reviews.role.seller', message: 'Seller' })}
        </Badge>
        <span className="min-w-0 text-sm break-words text-stone-600">
          {review.role === 'buyer'
            ? i18n._({ id: 'reviews.bought', message: 'bought {product}', values: { product: review.product } })
            : i18n._({ id: 'reviews.sold', message: 'sold {product}', values: { product: review.product } })}
        </span>
      </p>
      {review.text && <p className="whitespace-pre-line break-words text-stone-800">{review.text}</p>}
    </article>
  )
}

/** A person's reviews, newest first, a page at a time; nothing while there are none (their rating says so). */
export function ReviewList({ list, name }: { list: PagedList<Review>; name: string }) {
  const i18n = useI18n()
  const { query, items } = list
  // Offline with nothing loaded, or none to show.
  if ((query.isPending && query.fetchStatus === 'paused') || (query.isSuccess && items.length === 0)) return null
  let body
  if (query.isPending) {
    body = (
      <CardSkeletonList
        count={2}
        label={i18n._({ id: 'reviews.loading', message: 'Loading their reviews…' })}
        className="flex flex-col gap-3"
      />
    )
  } else if (query.isError && !query.data) {
    body = <QueryErrorState title={i18n._({ id: 'reviews.loadError', message: 'Could not load their reviews' })} query={query} />
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-3">
          {items.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <LoadMore list={list} />
        </div>
      </>
    )
  }
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 max-w-3xl">
      <h2 id="reviews-heading" className="mb-4 text-xl font-bold sm:text-2xl">
        {i18n._({ id: 'reviews.title', message: 'Reviews of {name}', values: { name } })}
      </h2>
      {body}
    </section>
  )
}
