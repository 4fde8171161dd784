import toast from 'react-hot-toast'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { errorMessage } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { formatDate, formatTimeAgo } from '@/lib/format'
import { i18n as appI18n, useI18n } from '@/lib/i18n'
import { useEndSession, useSessions, type Session } from '../api/sessions'

const week = 7 * 24 * 60 * 60 * 1000

/** "Last seen 5 minutes ago" within a week, "Last seen on Nov 22, 2026" after. */
function lastSeen(time: string, now = Date.now()): string {
  const i18n = appI18n
  const at = new Date(time).getTime()
  return now - at < week
    ? i18n._({ id: 'profile.sessions.lastSeenAgo', message: 'Last seen {ago}', values: { ago: formatTimeAgo(at, now) } })
    : i18n._({ id: 'profile.sessions.lastSeenOn', message: 'Last seen on {date}', values: { date: formatDate(time) } })
}

function SessionRow({ session }: { session: Session }) {
  const i18n = useI18n()
  const online = useOnline()
  const end = useEndSession()
  // Not mutate's own callbacks: they are dropped once this row is gone,
  // and the live event of the ended session may refresh the list before
  // the answer arrives.
  const onEnd = () =>
    void end.mutateAsync(session.id).then(
      () => void toast.success(i18n._({ id: 'profile.sessions.endedOne', message: 'Signed out that device' })),
      (error: unknown) => void toast.error(errorMessage(error)),
    )

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          <span className="break-words">{session.device}</span>
          {session.current && <Badge tone="teal">{i18n._({ id: 'profile.sessions.thisDevice', message: 'This device' })}</Badge>}
        </p>
        <p className="text-sm text-stone-600">
          <span className="block sm:inline">
            {i18n._({
              id: 'profile.sessions.signedIn',
              message: 'Signed in {date}',
              values: { date: formatDate(session.created_at) },
            })}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <span className="block sm:inline">
            {session.current ? i18n._({ id: 'profile.sessions.activeNow', message: 'Active now' }) : lastSeen(session.last_seen)}
          </span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          disabled={!online}
          isLoading={end.isPending}
          onClick={onEnd}
          aria-label={i18n._({
            id: 'profile.sessions.signOutDevice',
            message: 'Sign out {device}',
            values: { device: session.device },
          })}
        >
          {i18n._({ id: 'profile.sessions.signOut', message: 'Sign out' })}
        </Button>
      )}
    </li>
  )
}

/** Where the account is signed in, this browser first; every other one can be signed out. */
export function SessionsList() {
  const i18n = useI18n()
  const { query, items } = useSessions()
  if (query.isPending && query.fetchStatus === 'paused')
    return <OfflineState what={i18n._({ id: 'profile.sessions.offline', message: 'The list of your sessions' })} />
  if (query.isPending)
    return <PageSpinner label={i18n._({ id: 'profile.sessions.loading', message: 'Loading your sessions…' })} />
  if (query.isError && !query.data)
    return (
      <QueryErrorState
        title={i18n._({ id: 'profile.sessions.loadError', message: 'Could not load your sessions' })}
        query={query}
      />
    )
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={i18n._({ id: 'profile.sessions.list', message: 'Sessions' })}
        className="divide-y divide-stone-200 border-y border-stone-200"
      >
        {items.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {i18n._({
            id: 'profile.couldNotLoadMore',
            message: 'Could not load more: {error}',
            values: { error: errorMessage(query.error) },
          })}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
          className="sm:self-start"
        >
          {i18n._({ id: 'profile.showMore', message: 'Show more' })}
        </Button>
      )}
    </div>
  )
}
