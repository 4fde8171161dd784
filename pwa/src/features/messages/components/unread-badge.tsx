import { Link } from 'react-router-dom'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useUnread } from '../api/get-unread'

/**
 * The top bar's way to Messages, with the unread messages and the seller's new bookings counted together; for
 * signed-in people only. It leads to Messages, or to My Buyers when only bookings are new.
 */
export function UnreadBadge({ onNavigate }: { onNavigate?: () => void }) {
  const i18n = useI18n()
  const { unread, bookings } = useUnread(true)
  const count = unread + bookings
  let label = i18n._({ id: 'messages.title', message: 'Messages' })
  if (unread > 0 && bookings > 0) {
    label = i18n._({
      id: 'messages.badge.unreadAndBookings',
      message:
        '{unread, plural, one {# unread message} other {# unread messages}}, {bookings, plural, one {# new booking} other {# new bookings}}',
      values: { unread, bookings },
    })
  } else if (unread > 0) {
    label = i18n._({
      id: 'messages.badge.unreadMessages',
      message: '{unread, plural, one {# unread message} other {# unread messages}}',
      values: { unread },
    })
  } else if (bookings > 0) {
    label = i18n._({
      id: 'messages.badge.newBookings',
      message: '{bookings, plural, one {# new booking} other {# new bookings}}',
      values: { bookings },
    })
  }
  return (
    <Link
      to={unread === 0 && bookings > 0 ? paths.myBuyers : paths.messages}
      onClick={onNavigate}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinejoin="round" d="M4 5h16v11H9l-5 4z" />
      </svg>
      {/* Its name as text, not aria-label: the number drawn (messages and bookings together) need not be in it. */}
      <span className="sr-only">{label}</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}
