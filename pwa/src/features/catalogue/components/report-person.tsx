import { Trans } from '@lingui/react'
import { ReportButton } from '@/components/report-button'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import type { Review } from '@/lib/types'

/** "Report this person" on a person's page, for the signed-in other than them. */
export function ReportPerson({ person, className }: { person: { id: number; name: string }; className?: string }) {
  const i18n = useI18n()
  const { user } = useUser()
  if (!user || user.id === person.id) return null
  return (
    <ReportButton
      target={{ user_id: person.id }}
      label={i18n._({ id: 'reportPerson.label', message: 'Report this person' })}
      title={i18n._({ id: 'reportPerson.title', message: 'Report {name}?', values: { name: person.name } })}
      outboxLabel={person.name}
      className={className}
    >
      <p>
        <Trans
          id="reportPerson.body"
          message="An admin will look into what <0>{name}</0> does here, and may suspend their account if they break the rules."
          values={{ name: person.name }}
          components={{ 0: <strong /> }}
        />
      </p>
    </ReportButton>
  )
}

/** A review's small "Report", for the signed-in other than its author (the person reviewed most of all). */
export function ReportReview({ review }: { review: Review }) {
  const i18n = useI18n()
  const { user } = useUser()
  if (!user || user.id === review.author_id) return null
  return (
    <ReportButton
      target={{ review_id: review.id }}
      label={i18n._({ id: 'reportReview.label', message: 'Report' })}
      what={i18n._({ id: 'reportReview.what', message: 'the review by {author}', values: { author: review.author } })}
      title={i18n._({ id: 'reportReview.title', message: 'Report this review?' })}
      outboxLabel={i18n._({ id: 'reportReview.outboxLabel', message: 'Review by {author}', values: { author: review.author } })}
      size="xs"
    >
      <p>
        <Trans
          id="reportReview.body"
          message="An admin will read <0>{author}</0>’s review and hide it if it breaks the rules."
          values={{ author: review.author }}
          components={{ 0: <strong /> }}
        />
      </p>
    </ReportButton>
  )
}
