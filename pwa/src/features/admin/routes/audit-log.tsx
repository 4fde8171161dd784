import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { dateTimeFormat } from '@/lib/format'
import type { AuditAction, AuditEntry } from '@/lib/types'
import { useAuditLog } from '../api/get-audit-log'
import { SearchableTable } from '../components/searchable-table'

/** The words for each action; one the server added since this app was built is shown as it is sent. */
const actionLabels: Record<AuditAction, string> = {
  promote_user: 'Promoted to admin',
  verify_seller: 'Verified seller',
  delete_user: 'Deleted account',
  dismiss_report: 'Dismissed report',
  create_category: 'Added category',
  reset_link: 'Made a password reset link',
  claim_account: "Claimed by the email's owner with Google",
  update_site: 'Changed site settings',
  update_synonyms: 'Changed the search synonyms',
  create_post: 'Published post',
  edit_post: 'Edited post',
  delete_post: 'Deleted post',
  start_selling: 'Started selling',
  hide_review: 'Hid review',
  suspend_user: 'Suspended account',
  unsuspend_user: 'Lifted suspension',
}

const targetLabels: Record<string, string> = {
  user: 'Account',
  category: 'Category',
  report: 'Reported product',
  site: 'Site settings',
  post: 'Post',
  review: 'Review',
}

function actionLabel(action: string): string {
  return actionLabels[action as AuditAction] ?? action
}

/** The entry's time in the app's language and the viewer's time zone; the raw text if it is not a time. */
function formatWhen(time: string): string {
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? time : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

const columns: Column<AuditEntry>[] = [
  {
    header: 'When',
    cell: (entry) => (
      <time dateTime={entry.time} className="whitespace-nowrap md:max-lg:whitespace-normal">
        {formatWhen(entry.time)}
      </time>
    ),
  },
  {
    header: 'Admin',
    cell: (entry) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{entry.actor_name}</span>
        <span className="text-sm text-stone-600 wrap-anywhere">{entry.actor_email}</span>
        {entry.actor_id === null && <span className="text-sm text-stone-500 italic">(account deleted)</span>}
      </span>
    ),
  },
  { header: 'Action', cell: (entry) => <span className="lg:whitespace-nowrap">{actionLabel(entry.action)}</span> },
  {
    header: 'Target',
    cell: (entry) => (
      <span className="flex min-w-0 flex-col lg:min-w-48">
        <span className="wrap-anywhere">{entry.target}</span>
        <span className="text-sm text-stone-600">{targetLabels[entry.target_type] ?? entry.target_type}</span>
      </span>
    ),
    className: 'md:max-w-sm',
  },
]

export function AuditLogRoute() {
  const log = useAuditLog()
  return (
    <>
      <PageHeader title="Audit log" description="What admins did, newest first." />
      <SearchableTable
        list={log}
        caption="Audit log"
        columns={columns}
        noun={['entry', 'entries']}
        searchIn={(entry) => [entry.actor_name, entry.actor_email, actionLabel(entry.action), entry.target]}
        emptyTitle="No admin actions yet"
        errorTitle="Could not load the audit log"
      />
    </>
  )
}
