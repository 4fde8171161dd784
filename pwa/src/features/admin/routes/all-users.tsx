import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import type { Column } from '@/components/table'
import { errorMessage } from '@/lib/api'
import { useUser } from '@/lib/auth'
import type { User } from '@/lib/types'
import { useDeleteUser } from '../api/delete-user'
import { useUsers } from '../api/get-users'
import { useMakeAdmin } from '../api/make-admin'
import { None } from '../components/none'
import { RoleBadge } from '../components/role-badge'

type Pending = { action: 'promote' | 'delete'; user: User } | null

export function AllUsersRoute() {
  const { user: me } = useUser()
  const users = useUsers()
  const promote = useMakeAdmin()
  const remove = useDeleteUser()
  const [pending, setPending] = useState<Pending>(null)
  const close = () => setPending(null)

  const onConfirm = () => {
    if (!pending) return
    const options = { onError: (error: unknown) => toast.error(errorMessage(error)), onSettled: close }
    if (pending.action === 'promote') {
      promote.mutate(pending.user.id, { ...options, onSuccess: () => toast.success('Made admin successfully') })
    } else {
      remove.mutate(pending.user.id, { ...options, onSuccess: () => toast.success('User deleted successfully') })
    }
  }

  const columns: Column<User>[] = [
    {
      header: 'Name',
      cell: (user) => (
        <span>
          <span className="font-medium">{user.name}</span>
          {user.id === me?.id && <span className="text-stone-600"> (you)</span>}
        </span>
      ),
    },
    { header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
    { header: 'Number', cell: (user) => user.phone || <None /> },
    { header: 'Location', cell: (user) => user.location || <None /> },
    { header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (user) =>
        // Nothing to offer on one's own row: an empty cell, which the stacked layout leaves out.
        user.id === me?.id ? null : (
          <div className="flex w-full flex-wrap justify-end gap-2 md:justify-start">
            {user.role !== 'Admin' && (
              <Button
                aria-label={`make admin: ${user.name}`}
                variant="secondary"
                size="sm"
                onClick={() => setPending({ action: 'promote', user })}
              >
                make admin
              </Button>
            )}
            <Button
              aria-label={`Delete ${user.name}`}
              variant="danger"
              size="sm"
              onClick={() => setPending({ action: 'delete', user })}
            >
              Delete
            </Button>
          </div>
        )
    },
  ]

  const promoting = pending?.action === 'promote'
  return (
    <>
      <PageHeader title="Users" />
      <PagedTable
        list={users}
        caption="Users"
        columns={columns}
        emptyTitle="No user account created"
        errorTitle="Could not load the users"
      />
      <ConfirmDialog
        open={pending !== null}
        title={promoting ? 'Make this user an admin?' : 'Delete this user?'}
        message={
          pending &&
          (promoting ? (
            <p>
              <strong>{pending.user.name}</strong> will manage every account, product and category. Admins cannot be
              demoted.
            </p>
          ) : (
            <p>
              <strong>{pending.user.name}</strong> ({pending.user.email}) is signed out and removed with their products.
              Their open bookings are cancelled.
            </p>
          ))
        }
        confirmLabel={promoting ? 'Make admin' : 'Delete'}
        tone={promoting ? 'primary' : 'danger'}
        isPending={promote.isPending || remove.isPending}
        onConfirm={onConfirm}
        onCancel={close}
      />
    </>
  )
}
