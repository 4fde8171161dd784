import { useI18n } from '@/lib/i18n'
import { Badge } from './badge'

/**
 * Beside a verified seller's name, in a table cell or on a product card: a
 * green pill with a tick and the word, read out as "Verified seller".
 */
export function VerifiedBadge() {
  const i18n = useI18n()
  return (
    <Badge tone="green" role="img" aria-label={i18n._({ id: 'common.verifiedSeller', message: 'Verified seller' })}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 10.5 3.5 3.5 7.5-8" />
      </svg>
      {i18n._({ id: 'common.verified', message: 'Verified' })}
    </Badge>
  )
}
