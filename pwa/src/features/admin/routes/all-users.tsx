import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
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
  const { user: me } = useUser()
  const users = useUsers()
  const promotion = useConfirmedAction({
    mutation: useMakeAdmin(),
    variables: (user: User) => user.id,
    success: 'Made admin successfully',
  })
  const deletion = useConfirmedAction({
    mutation: useDeleteUser(),
    variables: (user: User) => user.id,
    success: 'User deleted successfully',
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
      header: 'Name',
      cell: (user) => (
        <span className="flex min-w-0 flex-col items-end gap-1 md:items-start">
          <span>
            <span className="font-medium">{user.name}</span>
            {user.id === me?.id && <span className="text-stone-600"> (you)</span>}
          </span>
          <SuspensionNote user={user} />
        </span>
      ),
    },
    { header: 'Email', cell: (user) => <EmailCell user={user} /> },
    { header: 'Number', cell: (user) => (user.phone ? <span className="whitespace-nowrap">{user.phone}</span> : <None />) },
    { header: 'Location', cell: (user) => user.location || <None /> },
    { header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (user) =>
        // Nothing to offer on one's own row: an empty cell, which the stacked layout leaves out.
        user.id === me?.id ? null : (
          // Four actions fit one row only on the widest screens; below, two rows of two keep the table from scrolling sideways.
          <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:grid md:w-max md:grid-cols-2 2xl:flex 2xl:flex-nowrap">
            {user.role !== 'Admin' && (
              <Button
                aria-label={`Make admin: ${user.name}`}
                variant="secondary"
                size="sm"
                onClick={() => promotion.ask(user)}
              >
                Make admin
              </Button>
            )}
            <Button
              aria-label={`Make a password reset link for ${user.name}`}
              variant="secondary"
              size="sm"
              isLoading={resetLink.isPending && resetLink.variables === user.id}
              title="Make a password reset link"
              onClick={() => makeResetLink(user)}
            >
              Reset
            </Button>
            {suspensions.action(user)}
            <Button
              aria-label={`Delete ${user.name}`}
              variant="danger"
              size="sm"
              onClick={() => deletion.ask(user)}
            >
              Delete
            </Button>
          </div>
        )
    },
  ]

  return (
    <>
      <PageHeader title="Users" />
      <SearchableTable
        list={users}
        caption="Users"
        columns={columns}
        noun={['user', 'users']}
        searchIn={(user) => [user.name, user.email]}
        emptyTitle="No user account created"
        errorTitle="Could not load the users"
      />
      <ConfirmDialog
        {...promotion.dialog}
        title="Make this user an admin?"
        message={
          promotion.target && (
            <p>
              <strong>{promotion.target.name}</strong> will manage every account, product and category. Admins cannot
              be demoted.
            </p>
          )
        }
        confirmLabel="Make admin"
        tone="primary"
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this user?"
        message={
          deletion.target && (
            <p>
              <strong>{deletion.target.name}</strong> ({deletion.target.email}) is signed out and removed with their
              products. Their open bookings are cancelled.
            </p>
          )
        }
        confirmLabel="Delete"
      />
      <ResetLinkDialog link={madeLink} onClose={() => setMadeLink(null)} />
      {suspensions.dialogs}
    </>
  )
}
