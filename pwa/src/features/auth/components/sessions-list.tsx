import toast from 'react-hot-toast'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { errorMessage } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { formatTimeAgo } from '@/lib/format'
import { useEndSession, useSessions, type Session } from '../api/sessions'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })
const week = 7 * 24 * 60 * 60 * 1000

/** "Nov 22, 2026". */
function formatDate(time: string): string {
  return dateFormat.format(new Date(time))
}

/** "5 minutes ago" within a week, the date after. */
function formatLastSeen(time: string, now = Date.now()): string {
  const at = new Date(time).getTime()
  return now - at < week ? formatTimeAgo(at, now) : `on ${formatDate(time)}`
}

function SessionRow({ session }: { session: Session }) {
  const online = useOnline()
  const end = useEndSession()
  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => void toast.success('Signed out that device'),
      onError: (error) => void toast.error(errorMessage(error)),
    })

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          <span className="break-words">{session.device}</span>
          {session.current && <Badge tone="teal">This device</Badge>}
        </p>
        <p className="text-sm text-stone-600">
          <span className="block sm:inline">Signed in {formatDate(session.created_at)}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <span className="block sm:inline">
            {session.current ? 'Active now' : `Last seen ${formatLastSeen(session.last_seen)}`}
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
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </Button>
      )}
    </li>
  )
}

/** Where the account is signed in, this browser first; every other one can be signed out. */
export function SessionsList() {
  const { query, items } = useSessions()
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineState what="The list of your sessions" />
  if (query.isPending) return <PageSpinner label="Loading your sessions…" />
  if (query.isError && !query.data) return <QueryErrorState title="Could not load your sessions" query={query} />
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Sessions" className="divide-y divide-stone-200 border-y border-stone-200">
        {items.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          Could not load more: {errorMessage(query.error)}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
          className="sm:self-start"
        >
          Show more
        </Button>
      )}
    </div>
  )
}
