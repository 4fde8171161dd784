import toast from 'react-hot-toast'
import { Avatar } from '@/components/avatar'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { errorMessage } from '@/lib/api'
import { useBlocks, useUnblockPerson, type BlockedUser } from '@/lib/blocks'
import { useOnline } from '@/lib/connectivity'
import { formatDateTime } from '@/lib/format'

function BlockedRow({ person }: { person: BlockedUser }) {
  const online = useOnline()
  const unblock = useUnblockPerson()
  const onUnblock = () =>
    unblock.mutate(person.id, {
      onSuccess: () => void toast.success(`Unblocked ${person.name}`),
      onError: (error) => void toast.error(errorMessage(error)),
    })
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={person.name} src={person.image || undefined} label="" size={40} />
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">{person.name}</p>
          <p className="text-sm text-stone-600">
            Blocked <time dateTime={person.since}>{formatDateTime(person.since)}</time>
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={!online}
        isLoading={unblock.isPending}
        onClick={onUnblock}
        aria-label={`Unblock ${person.name}`}
      >
        Unblock
      </Button>
    </li>
  )
}

/** The people this account blocked, newest first, each with Unblock. */
export function BlockedPeople() {
  const { query, items } = useBlocks()
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineState what="The people you blocked" />
  if (query.isPending) return <PageSpinner label="Loading the people you blocked…" />
  if (query.isError && !query.data) return <QueryErrorState title="Could not load the people you blocked" query={query} />
  return (
    <div className="flex flex-col gap-3">
      <p className="text-stone-600">
        People you blocked from a conversation with them. They can't message you or book your listings, and you
        don't see their listings. They are not told.
      </p>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-stone-700">
          You have not blocked anyone.
        </p>
      ) : (
        <ul aria-label="Blocked people" className="divide-y divide-stone-200 border-y border-stone-200">
          {items.map((person) => (
            <BlockedRow key={person.id} person={person} />
          ))}
        </ul>
      )}
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
