import { ReportButton } from '@/components/report-button'
import { formatDateTime } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import type { Message } from '@/lib/types'
import { MessageText } from './message-text'

/** A small "Report" beside a message from the other person, asking first with an optional reason. */
export function ReportMessage({ message, from }: { message: Message; from: string }) {
  const i18n = useI18n()
  if (message.mine) return null
  return (
    <ReportButton
      target={{ message_id: message.id }}
      label={i18n._({ id: 'messages.report', message: 'Report' })}
      what={i18n._({
        id: 'messages.report.what',
        message: 'the message from {from}, {time}',
        values: { from, time: formatDateTime(message.time) },
      })}
      title={i18n._({ id: 'messages.report.title', message: 'Report this message?' })}
      outboxLabel={i18n._({ id: 'messages.report.outboxLabel', message: 'Message from {from}', values: { from } })}
      size="xs"
      className="ms-1"
    >
      {message.text && (
        <blockquote className="mb-3 line-clamp-4 rounded-xl bg-white px-3 py-2 text-stone-900 ring-1 ring-stone-200">
          <MessageText text={message.text} />
        </blockquote>
      )}
      <p>
        {i18n._({
          id: 'messages.report.body',
          message: 'An admin will read this message from {from} with the messages before it in your conversation.',
          values: { from },
        })}
      </p>
    </ReportButton>
  )
}
