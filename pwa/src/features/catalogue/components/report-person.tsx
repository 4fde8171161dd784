import { ReportButton } from '@/components/report-button'
import { useUser } from '@/lib/auth'
import type { Review } from '@/lib/types'

/** "Report this person" on a person's page, for the signed-in other than them. */
export function ReportPerson({ person, className }: { person: { id: number; name: string }; className?: string }) {
  const { user } = useUser()
  if (!user || user.id === person.id) return null
  return (
    <ReportButton
      target={{ user_id: person.id }}
      label="Report this person"
      title={`Report ${person.name}?`}
      outboxLabel={person.name}
      className={className}
    >
      <p>
        An admin will look into what <strong>{person.name}</strong> does here, and may suspend their account if they
        break the rules.
      </p>
    </ReportButton>
  )
}

/** A review's small "Report", for the signed-in other than its author (the person reviewed most of all). */
export function ReportReview({ review }: { review: Review }) {
  const { user } = useUser()
  if (!user || user.id === review.author_id) return null
  return (
    <ReportButton
      target={{ review_id: review.id }}
      label="Report"
      what={`the review by ${review.author}`}
      title="Report this review?"
      outboxLabel={`Review by ${review.author}`}
      size="xs"
    >
      <p>
        An admin will read <strong>{review.author}</strong>’s review and hide it if it breaks the rules.
      </p>
    </ReportButton>
  )
}
