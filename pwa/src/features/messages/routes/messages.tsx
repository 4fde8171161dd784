import { useParams } from 'react-router-dom'
import { PageHeader } from '@/components/page-header'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { ConversationList } from '../components/conversation-list'
import { Thread } from '../components/thread'

/** "12" → 12; anything that can't be an id → null. */
function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null
}

/**
 * Messages: the conversations beside the open one on a wide screen; on a
 * phone the list, or the open conversation on its own with a way back.
 */
export function MessagesRoute() {
  const i18n = useI18n()
  const raw = useParams().id
  const id = parseId(raw)
  const open = raw !== undefined
  // On a phone an open conversation fills the height the dashboard gives it (a chat screen).
  return (
    <div className={cn(open && 'max-md:flex max-md:min-h-0 max-md:flex-1 max-md:flex-col')}>
      <PageHeader
        title={i18n._({ id: 'messages.title', message: 'Messages' })}
        className={cn(open && 'max-md:sr-only max-md:mb-0')}
      />
      <div
        className={cn(
          'grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]',
          open && 'max-md:flex max-md:min-h-0 max-md:flex-1 max-md:flex-col',
        )}
      >
        <nav
          aria-label={i18n._({ id: 'messages.conversations', message: 'Conversations' })}
          className={cn('min-w-0', open && 'max-md:hidden')}
        >
          <ConversationList />
        </nav>
        <div
          className={cn('min-w-0', !open && 'max-md:hidden', open && 'max-md:flex max-md:min-h-0 max-md:flex-1 max-md:flex-col')}
        >
          {id !== null ? (
            <Thread key={id} id={id} />
          ) : open ? (
            <p className="text-stone-700">
              {i18n._({ id: 'messages.noSuchConversation', message: 'There is no such conversation.' })}
            </p>
          ) : (
            <p className="hidden rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600 md:block">
              {i18n._({ id: 'messages.choose', message: 'Choose a conversation to read it.' })}
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
