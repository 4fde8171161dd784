import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { dateTimeFormat } from '@/lib/format'
import { i18n as appI18n, useI18n } from '@/lib/i18n'
import type { AuditAction, AuditEntry } from '@/lib/types'
import { useAuditLog } from '../api/get-audit-log'
import { SearchableTable } from '../components/searchable-table'

/** The words for each action, in the language shown now; one the server added since this app was built is shown as it is sent. */
function actionLabel(action: string): string {
  const i18n = appI18n
  switch (action as AuditAction) {
    case 'promote_user':
      return i18n._({ id: 'admin.audit.action.promoteUser', message: 'Promoted to admin' })
    case 'verify_seller':
      return i18n._({ id: 'admin.audit.action.verifySeller', message: 'Verified seller' })
    case 'delete_user':
      return i18n._({ id: 'admin.audit.action.deleteUser', message: 'Deleted account' })
    case 'dismiss_report':
      return i18n._({ id: 'admin.audit.action.dismissReport', message: 'Dismissed report' })
    case 'create_category':
      return i18n._({ id: 'admin.audit.action.createCategory', message: 'Added category' })
    case 'edit_category':
      return i18n._({ id: 'admin.audit.action.editCategory', message: 'Renamed category or changed its picture' })
    case 'reset_link':
      return i18n._({ id: 'admin.audit.action.resetLink', message: 'Made a password reset link' })
    case 'claim_account':
      return i18n._({ id: 'admin.audit.action.claimAccount', message: "Claimed by the email's owner with Google" })
    case 'update_site':
      return i18n._({ id: 'admin.audit.action.updateSite', message: 'Changed site settings' })
    case 'update_synonyms':
      return i18n._({ id: 'admin.audit.action.updateSynonyms', message: 'Changed the search synonyms' })
    case 'create_post':
      return i18n._({ id: 'admin.audit.action.createPost', message: 'Published post' })
    case 'edit_post':
      return i18n._({ id: 'admin.audit.action.editPost', message: 'Edited post' })
    case 'delete_post':
      return i18n._({ id: 'admin.audit.action.deletePost', message: 'Deleted post' })
    case 'start_selling':
      return i18n._({ id: 'admin.audit.action.startSelling', message: 'Started selling' })
    case 'hide_review':
      return i18n._({ id: 'admin.audit.action.hideReview', message: 'Hid review' })
    case 'suspend_user':
      return i18n._({ id: 'admin.audit.action.suspendUser', message: 'Suspended account' })
    case 'unsuspend_user':
      return i18n._({ id: 'admin.audit.action.unsuspendUser', message: 'Lifted suspension' })
    case 'remove_no_show':
      return i18n._({ id: 'admin.audit.action.removeNoShow', message: 'Removed no-show' })
    default:
      return action
  }
}

/**
 * An entry's target in the language shown now. The server writes two targets
 * with English words around what it names (app/safety.go: "Name <email> for 7
 * days: reason"; app/synonyms.go: "2 groups"): those words are said here; any
 * other target is shown as it is sent.
 */
function targetText(entry: AuditEntry): string {
  const i18n = appI18n
  const suspension = entry.action === 'suspend_user' ? /^(.*) for (\d+) days: ([\s\S]*)$/.exec(entry.target) : null
  if (suspension) {
    return i18n._({
      id: 'admin.audit.suspendedFor',
      message: '{account} for {days, plural, one {# day} other {# days}}: {reason}',
      values: { account: suspension[1], days: Number(suspension[2]), reason: suspension[3] },
    })
  }
  const groups = entry.action === 'update_synonyms' ? /^(\d+) groups$/.exec(entry.target) : null
  if (groups) {
    return i18n._({
      id: 'admin.audit.synonymGroups',
      message: '{count, plural, one {# group} other {# groups}}',
      values: { count: Number(groups[1]) },
    })
  }
  return entry.target
}

/** What kind of thing an entry is about, in the language shown now; an unknown kind as it is sent. */
function targetLabel(type: string): string {
  const i18n = appI18n
  switch (type) {
    case 'user':
      return i18n._({ id: 'admin.audit.target.user', message: 'Account' })
    case 'category':
      return i18n._({ id: 'admin.audit.target.category', message: 'Category' })
    case 'report':
      return i18n._({ id: 'admin.audit.target.report', message: 'Reported product' })
    case 'site':
      return i18n._({ id: 'admin.audit.target.site', message: 'Site settings' })
    case 'post':
      return i18n._({ id: 'admin.audit.target.post', message: 'Post' })
    case 'review':
      return i18n._({ id: 'admin.audit.target.review', message: 'Review' })
    case 'booking':
      return i18n._({ id: 'admin.audit.target.booking', message: 'Booking' })
    default:
      return type
  }
}

/** The entry's time in the app's language and the viewer's time zone; the raw text if it is not a time. */
function formatWhen(time: string): string {
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? time : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

function auditColumns(): Column<AuditEntry>[] {
  const i18n = appI18n
  return [
    {
      header: i18n._({ id: 'admin.audit.when', message: 'When' }),
      cell: (entry) => (
        <time dateTime={entry.time} className="whitespace-nowrap md:max-lg:whitespace-normal">
          {formatWhen(entry.time)}
        </time>
      ),
    },
    {
      header: i18n._({ id: 'admin.audit.admin', message: 'Admin' }),
      cell: (entry) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{entry.actor_name}</span>
          <span className="text-sm text-stone-600 wrap-anywhere">{entry.actor_email}</span>
          {entry.actor_id === null && (
            <span className="text-sm text-stone-500 italic">
              {i18n._({ id: 'admin.audit.accountDeleted', message: '(account deleted)' })}
            </span>
          )}
        </span>
      ),
    },
    {
      header: i18n._({ id: 'admin.audit.action', message: 'Action' }),
      cell: (entry) => <span className="lg:whitespace-nowrap">{actionLabel(entry.action)}</span>,
    },
    {
      header: i18n._({ id: 'admin.audit.target', message: 'Target' }),
      cell: (entry) => (
        <span className="flex min-w-0 flex-col lg:min-w-48">
          <span className="wrap-anywhere">{targetText(entry)}</span>
          <span className="text-sm text-stone-600">{targetLabel(entry.target_type)}</span>
        </span>
      ),
      className: 'md:max-w-sm',
    },
  ]
}

export function AuditLogRoute() {
  const i18n = useI18n()
  const log = useAuditLog()
  return (
    <>
      <PageHeader
        title={i18n._({ id: 'admin.audit.title', message: 'Audit log' })}
        description={i18n._({ id: 'admin.audit.description', message: 'What admins did, newest first.' })}
      />
      <SearchableTable
        list={log}
        caption={i18n._({ id: 'admin.audit.title', message: 'Audit log' })}
        columns={auditColumns()}
        counts={{
          all: (total) =>
            i18n._({
              id: 'admin.audit.count',
              message: '{total, plural, one {# entry} other {# entries}}',
              values: { total },
            }),
          some: (shown, total) =>
            i18n._({
              id: 'admin.audit.countSome',
              message: '{shown} of {total, plural, one {# entry} other {# entries}}',
              values: { shown, total },
            }),
          noMatch: (query) => i18n._({ id: 'admin.audit.noMatch', message: 'No entries match “{query}”', values: { query } }),
        }}
        searchIn={(entry) => [entry.actor_name, entry.actor_email, actionLabel(entry.action), targetText(entry)]}
        emptyTitle={i18n._({ id: 'admin.audit.empty', message: 'No admin actions yet' })}
        errorTitle={i18n._({ id: 'admin.audit.loadError', message: 'Could not load the audit log' })}
      />
    </>
  )
}
