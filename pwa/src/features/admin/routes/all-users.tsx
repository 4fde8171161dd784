import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { errorMessage } from '@/lib/api'
import { Trans } from '@lingui/react'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import type { User } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDeleteUser } from '../api/delete-user'
import { useUsers } from '../api/get-users'
import { useMakeAdmin } from '../api/make-admin'
import { useMakeResetLink } from '../api/make-reset-link'
import { None } from '../components/none'
import { ResetLinkDialog } from '../components/reset-link-dialog'
import { RoleBadge } from '../components/role-badge'
import { EmailCell } from '../components/email-cell'
import { SearchableTable } from '../components/searchable-table'
import { SuspensionNote, useSuspensions } from '../components/suspension'

export function AllUsersRoute() {
  const i18n = useI18n()
  const { user: me } = useUser()
  const users = useUsers()
  const promotion = useConfirmedAction({
    mutation: useMakeAdmin(),
    variables: (user: User) => user.id,
    success: i18n._({ id: 'admin.users.promoted', message: 'Made admin successfully' }),
  })
  const deletion = useConfirmedAction({
    mutation: useDeleteUser(),
    variables: (user: User) => user.id,
    success: i18n._({ id: 'admin.users.deleted', message: 'User deleted successfully' }),
  })
  const suspensions = useSuspensions()
  const resetLink = useMakeResetLink()
  const [madeLink, setMadeLink] = useState<{ name: string; url: string } | null>(null)
  const makeResetLink = (user: User) =>
    resetLink.mutate(user.id, {
      onSuccess: ({ url }) => setMadeLink({ name: user.name, url }),
      onError: (error) => void toast.error(errorMessage(error)),
    })

  const columns: Column<User>[] = [
    {
      header: i18n._({ id: 'admin.column.name', message: 'Name' }),
      cell: (user) => (
        <span className="flex min-w-0 flex-col items-end gap-1 md:items-start">
          <span>
            <span className="font-medium">{user.name}</span>
            {user.id === me?.id && <span className="text-stone-600"> {i18n._({ id: 'admin.users.you', message: '(you)' })}</span>}
          </span>
          <SuspensionNote user={user} />
        </span>
      ),
    },
    { header: i18n._({ id: 'admin.column.email', message: 'Email' }), cell: (user) => <EmailCell user={user} /> },
    {
      header: i18n._({ id: 'admin.column.number', message: 'Number' }),
      cell: (user) => (user.phone ? <span className="whitespace-nowrap">{user.phone}</span> : <None />),
    },
    { header: i18n._({ id: 'admin.column.location', message: 'Location' }), cell: (user) => user.location || <None /> },
    { header: i18n._({ id: 'admin.column.role', message: 'Role' }), cell: (user) => <RoleBadge role={user.role} /> },
    {
      header: i18n._({ id: 'admin.column.actions', message: 'Actions' }),
      hideLabelWhenStacked: true,
      cell: (user) =>
        // Nothing to offer on one's own row: an empty cell, which the stacked layout leaves out.
        user.id === me?.id ? null : (
          // Four actions fit one row only on the widest screens; below, one column as wide as the longest keeps the table from
          // scrolling sideways beside a suspended account's note, in the languages whose words are longest too.
          <div className="flex w-full flex-wrap justify-end gap-2 max-md:*:whitespace-nowrap md:grid md:w-max md:grid-cols-1 2xl:flex 2xl:flex-nowrap 2xl:*:whitespace-nowrap">
            {user.role !== 'Admin' && (
              <Button
                aria-label={i18n._({
                  id: 'admin.users.makeAdminUser',
                  message: 'Make admin: {name}',
                  values: { name: user.name },
                })}
                variant="secondary"
                size="sm"
                onClick={() => promotion.ask(user)}
              >
                {i18n._({ id: 'admin.users.makeAdmin', message: 'Make admin' })}
              </Button>
            )}
            <Button
              aria-label={i18n._({
                id: 'admin.users.resetLinkFor',
                message: 'Make a password reset link for {name}',
                values: { name: user.name },
              })}
              variant="secondary"
              size="sm"
              isLoading={resetLink.isPending && resetLink.variables === user.id}
              title={i18n._({ id: 'admin.users.resetLinkTitle', message: 'Make a password reset link' })}
              onClick={() => makeResetLink(user)}
            >
              {i18n._({ id: 'admin.users.reset', message: 'Reset' })}
            </Button>
            {suspensions.action(user)}
            <Button
              aria-label={i18n._({ id: 'admin.deleteUser', message: 'Delete {name}', values: { name: user.name } })}
              variant="danger"
              size="sm"
              onClick={() => deletion.ask(user)}
            >
              {i18n._({ id: 'admin.delete', message: 'Delete' })}
            </Button>
          </div>
        ),
    },
  ]

  return (
    <>
      <PageHeader title={i18n._({ id: 'admin.users.title', message: 'Users' })} />
      <SearchableTable
        list={users}
        caption={i18n._({ id: 'admin.users.title', message: 'Users' })}
        columns={columns}
        counts={{
          all: (total) =>
            i18n._({
              id: 'admin.users.count',
              message: '{total, plural, one {# user} other {# users}}',
              values: { total },
            }),
          some: (shown, total) =>
            i18n._({
              id: 'admin.users.countSome',
              message: '{shown} of {total, plural, one {# user} other {# users}}',
              values: { shown, total },
            }),
          noMatch: (query) => i18n._({ id: 'admin.users.noMatch', message: 'No users match “{query}”', values: { query } }),
        }}
        searchIn={(user) => [user.name, user.email]}
        emptyTitle={i18n._({ id: 'admin.users.empty', message: 'No user account created' })}
        errorTitle={i18n._({ id: 'admin.users.loadError', message: 'Could not load the users' })}
      />
      <ConfirmDialog
        {...promotion.dialog}
        title={i18n._({ id: 'admin.users.promoteTitle', message: 'Make this user an admin?' })}
        message={
          promotion.target && (
            <p>
              <Trans
                id="admin.users.promoteBody"
                message="<0>{name}</0> will manage every account, product and category. Admins cannot be demoted."
                values={{ name: promotion.target.name }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.users.makeAdmin', message: 'Make admin' })}
        tone="primary"
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={i18n._({ id: 'admin.users.deleteTitle', message: 'Delete this user?' })}
        message={
          deletion.target && (
            <p>
              <Trans
                id="admin.users.deleteBody"
                message="<0>{name}</0> ({email}) is signed out and removed with their products. Their open bookings are cancelled."
                values={{ name: deletion.target.name, email: deletion.target.email }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.delete', message: 'Delete' })}
      />
      <ResetLinkDialog link={madeLink} onClose={() => setMadeLink(null)} />
      {suspensions.dialogs}
    </>
  )
}
