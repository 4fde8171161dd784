import { Trans } from '@lingui/react'
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
import { useI18n } from '@/lib/i18n'

function BlockedRow({ person }: { person: BlockedUser }) {
  const i18n = useI18n()
  const online = useOnline()
  const unblock = useUnblockPerson()
  // Not mutate's callbacks: this row leaves the list before the change
  // settles, and callbacks given to mutate die with the row that gave them.
  const onUnblock = () =>
    unblock.mutateAsync(person.id).then(
      () =>
        void toast.success(
          i18n._({ id: 'profile.blocked.unblocked', message: 'Unblocked {name}', values: { name: person.name } }),
        ),
      (error: unknown) => void toast.error(errorMessage(error)),
    )
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={person.name} src={person.image || undefined} label="" size={40} />
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">{person.name}</p>
          <p className="text-sm text-stone-600">
            <Trans
              id="profile.blocked.since"
              message="Blocked <0>{date}</0>"
              values={{ date: formatDateTime(person.since) }}
              components={{ 0: <time dateTime={person.since} /> }}
            />
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={!online}
        isLoading={unblock.isPending}
        onClick={onUnblock}
        aria-label={i18n._({ id: 'profile.blocked.unblockPerson', message: 'Unblock {name}', values: { name: person.name } })}
      >
        {i18n._({ id: 'profile.blocked.unblock', message: 'Unblock' })}
      </Button>
    </li>
  )
}

/** The people this account blocked, newest first, each with Unblock. */
export function BlockedPeople() {
  const i18n = useI18n()
  const { query, items } = useBlocks()
  if (query.isPending && query.fetchStatus === 'paused')
    return <OfflineState what={i18n._({ id: 'profile.blocked.offline', message: 'The people you blocked' })} />
  if (query.isPending)
    return <PageSpinner label={i18n._({ id: 'profile.blocked.loading', message: 'Loading the people you blocked…' })} />
  if (query.isError && !query.data)
    return (
      <QueryErrorState
        title={i18n._({ id: 'profile.blocked.loadError', message: 'Could not load the people you blocked' })}
        query={query}
      />
    )
  return (
    <div className="flex flex-col gap-3">
      <p className="text-stone-600">
        {i18n._({
          id: 'profile.blocked.intro',
          message:
            "People you blocked from a conversation with them. They can't message you or book your listings, and you don't see their listings. They are not told.",
        })}
      </p>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-stone-700">
          {i18n._({ id: 'profile.blocked.none', message: 'You have not blocked anyone.' })}
        </p>
      ) : (
        <ul
          aria-label={i18n._({ id: 'profile.blocked.list', message: 'Blocked people' })}
          className="divide-y divide-stone-200 border-y border-stone-200"
        >
          {items.map((person) => (
            <BlockedRow key={person.id} person={person} />
          ))}
        </ul>
      )}
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
