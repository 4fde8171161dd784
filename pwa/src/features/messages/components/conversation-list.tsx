import { Button } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { NavLink } from '@/components/nav-link'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { Thumbnail } from '@/components/thumbnail'
import type { I18n } from '@lingui/core'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { Conversation } from '@/lib/types'
import { useConversations } from '../api/get-conversations'
import { formatWhen } from './times'

/** What the last message says, or that it proposed a pickup. */
function lastLine(conversation: Conversation, i18n: I18n): string {
  const last = conversation.last_message
  if (!last) return i18n._({ id: 'messages.noneYet', message: 'No messages yet' })
  const text = last.text || (last.pickup_at ? i18n._({ id: 'messages.proposedPickup', message: 'Proposed a pickup time' }) : '')
  return last.mine ? i18n._({ id: 'messages.lastMine', message: 'You: {text}', values: { text } }) : text
}

function ConversationItem({ conversation }: { conversation: Conversation }) {
  const i18n = useI18n()
  const { product, other, unread } = conversation
  return (
    <NavLink
      to={paths.conversation(conversation.id)}
      className={({ isActive }) =>
        cn(
          'flex min-h-11 items-start gap-3 rounded-xl px-3 py-3 text-stone-900 no-underline',
          isActive ? 'bg-teal-50 ring-1 ring-teal-700/30' : 'hover:bg-stone-100',
        )
      }
    >
      <Thumbnail src={product.thumb_url || product.image} alt="" size={48} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unread > 0 ? 'font-bold' : 'font-semibold')} title={other.name}>
            {other.name}
          </span>
          <time dateTime={conversation.updated} className="shrink-0 text-xs text-stone-600">
            {formatWhen(conversation.updated)}
          </time>
        </span>
        <span className="truncate text-sm text-stone-700" title={product.name}>
          {product.name}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn('truncate text-sm', unread > 0 ? 'font-medium text-stone-900' : 'text-stone-600')}
            title={lastLine(conversation, i18n)}
          >
            {lastLine(conversation, i18n)}
          </span>
          {unread > 0 && (
            <span className="shrink-0 rounded-full bg-teal-700 px-2 text-xs leading-5 font-semibold text-white">
              {unread}
              <span className="sr-only"> {i18n._({ id: 'messages.unread', message: 'unread' })}</span>
            </span>
          )}
        </span>
      </span>
    </NavLink>
  )
}

/** The signed-in person's conversations, newest activity first. */
export function ConversationList() {
  const i18n = useI18n()
  const { query, items, total } = useConversations()
  if (query.isPending && query.fetchStatus === 'paused') {
    return <OfflineState what={i18n._({ id: 'messages.offlineWhat', message: 'Your messages' })} />
  }
  if (query.isPending) return <PageSpinner label={i18n._({ id: 'messages.loading', message: 'Loading your messages…' })} />
  if (query.isError && !query.data) {
    return <QueryErrorState title={i18n._({ id: 'messages.loadError', message: 'Could not load your messages' })} query={query} />
  }
  if (items.length === 0) {
    return (
      <EmptyState title={i18n._({ id: 'messages.noneYet', message: 'No messages yet' })}>
        {i18n._({ id: 'messages.empty', message: 'Message a seller from a product’s page, or a buyer from My Buyers.' })}
      </EmptyState>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={i18n._({ id: 'messages.conversations', message: 'Conversations' })} className="flex flex-col gap-1">
        {items.map((conversation) => (
          <li key={conversation.id}>
            <ConversationItem conversation={conversation} />
          </li>
        ))}
      </ul>
      {items.length < total && (
        <Button variant="secondary" isLoading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {i18n._({ id: 'messages.loadMore', message: 'Load more' })}
        </Button>
      )}
    </div>
  )
}
