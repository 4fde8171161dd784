import { ReportButton } from '@/components/report-button'
import { formatDateTime } from '@/lib/format'
import type { Message } from '@/lib/types'
import { MessageText } from './message-text'

/** A small "Report" beside a message from the other person, asking first with an optional reason. */
export function ReportMessage({ message, from }: { message: Message; from: string }) {
  if (message.mine) return null
  return (
    <ReportButton
      target={{ message_id: message.id }}
      label="Report"
      what={`the message from ${from}, ${formatDateTime(message.time)}`}
      title="Report this message?"
      outboxLabel={`Message from ${from}`}
      size="xs"
      className="ml-1"
    >
      {message.text && (
        <blockquote className="mb-3 line-clamp-4 rounded-xl bg-white px-3 py-2 text-stone-900 ring-1 ring-stone-200">
          <MessageText text={message.text} />
        </blockquote>
      )}
      <p>An admin will read this message from {from} with the messages before it in your conversation.</p>
    </ReportButton>
  )
}
