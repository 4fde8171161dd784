import { Link } from 'react-router-dom'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useUnread } from '../api/get-unread'

/** The top bar's way to Messages, with the unread count; for signed-in people only. */
export function UnreadBadge({ onNavigate }: { onNavigate?: () => void }) {
  const i18n = useI18n()
  const unread = useUnread(true)
  return (
    <Link
      to={paths.messages}
      onClick={onNavigate}
      aria-label={
        unread > 0
          ? i18n._({ id: 'messages.badge.unread', message: 'Messages, {unread} unread', values: { unread } })
          : i18n._({ id: 'messages.title', message: 'Messages' })
      }
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinejoin="round" d="M4 5h16v11H9l-5 4z" />
      </svg>
      {unread > 0 && (
        <span aria-hidden="true" className="absolute top-1 end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}
