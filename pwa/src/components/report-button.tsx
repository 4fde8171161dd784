import type { I18n } from '@lingui/core'
import { useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import toast from 'react-hot-toast'
import { isApiError } from '@/lib/api'
import { useUser } from '@/lib/auth'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { useSendOrQueue } from '@/lib/offline/use-send-or-queue'
import { queuedPersonReport, useSendReport, type ReportTarget } from '@/lib/report'
import { ReportDialog } from './report-dialog'

interface ReportButtonProps {
  /** The person, message or review reported. */
  target: ReportTarget
  /** The button's words: "Report this person", "Report". */
  label: string
  /** What is reported, when the words alone do not say: "the message from Sam". Added to the button's name. */
  what?: string
  /** The dialog's title: "Report Sam?" */
  title: string
  /** Names what was reported in the outbox's toasts, when it is sent later. */
  outboxLabel: string
  /** What the admins will do with it, said in the dialog. */
  children: ReactNode
  /** 'xs' for one among many (a message's, a review's): small words, a 24 px target. */
  size?: 'sm' | 'xs'
  className?: string
}

type Reported = 'no' | 'yes' | 'queued'
const words: Record<Reported, (label: string, i18n: I18n) => string> = {
  no: (label) => label,
  yes: (_, i18n) => i18n._({ id: 'common.report.done', message: 'Reported' }),
  queued: (_, i18n) => i18n._({ id: 'common.report.queued', message: 'Report queued' }),
}

/**
 * A quiet Report button for the signed-in (nothing for visitors): it asks
 * first, with an optional reason, sends the report, or queues it offline,
 * and then says Reported. Already reported or not allowed (one's own):
 * the server's words in a toast.
 */
export function ReportButton({ target, label, what, title, outboxLabel, children, size = 'sm', className }: ReportButtonProps) {
  const i18n = useI18n()
  const { user } = useUser()
  const [open, setOpen] = useState(false)
  // The dialog is made on first use: a thread's every message has a Report.
  const [used, setUsed] = useState(false)
  const [reported, setReported] = useState<Reported>('no')
  const report = useSendReport()
  const sendOrQueue = useSendOrQueue()
  if (!user) return null

  const submit = (reason: string) =>
    sendOrQueue({
      mutation: report,
      input: { ...target, reason },
      userId: user.id,
      toQueued: (request) => queuedPersonReport(outboxLabel, request),
      onDone: (how) => {
        setReported(how === 'sent' ? 'yes' : 'queued')
        setOpen(false)
      },
      onRefused: (error) => {
        // Nothing to fix in the dialog for these: say so and close it.
        if (isApiError(error, 409) || isApiError(error, 403)) {
          toast.error(error.message)
          if (isApiError(error, 409)) setReported('yes')
          setOpen(false)
        }
      },
    })

  const text = words[reported](label, i18n)
  return (
    <>
      <button
        type="button"
        aria-label={what ? `${text}: ${what}` : undefined}
        // Not disabled: the focus comes back here when the dialog closes, and stays.
        aria-disabled={reported !== 'no' || undefined}
        onClick={() => {
          if (reported !== 'no') return
          report.reset()
          setUsed(true)
          setOpen(true)
        }}
        className={cn(
          'inline-flex items-center text-stone-600 underline underline-offset-2 hover:text-stone-900 aria-disabled:cursor-default aria-disabled:no-underline',
          size === 'xs' ? 'min-h-6 px-1 text-xs' : 'min-h-11 text-sm',
          className,
        )}
      >
        {text}
      </button>
      {/* At the page's end: where the button sits (a message's small note) styles nothing in the dialog. */}
      {used &&
        createPortal(
          <ReportDialog
            open={open}
            title={title}
            onCancel={() => setOpen(false)}
            onConfirm={submit}
            isPending={report.isPending}
            error={report.error && !isApiError(report.error, 409) && !isApiError(report.error, 403) ? report.error : null}
          >
            {children}
          </ReportDialog>,
          document.body,
        )}
    </>
  )
}
