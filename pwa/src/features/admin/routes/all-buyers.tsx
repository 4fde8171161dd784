import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import type { Column } from '@/components/table'
import { errorMessage } from '@/lib/api'
import type { User } from '@/lib/types'
import { useDeleteBuyer } from '../api/delete-buyer'
import { useBuyers } from '../api/get-buyers'

export function AllBuyersRoute() {
  const buyers = useBuyers()
  const remove = useDeleteBuyer()
  const [toDelete, setToDelete] = useState<User | null>(null)

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success('Deleted successfully'),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToDelete(null),
    })
  }

  const columns: Column<User>[] = [
    { header: 'Name', cell: (buyer) => <span className="font-medium">{buyer.name}</span> },
    { header: 'Email', cell: (buyer) => <span className="break-all">{buyer.email}</span> },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (buyer) => (
        <div className="flex w-full justify-end md:justify-start">
          <Button aria-label={`Delete ${buyer.name}`} variant="danger" size="sm" onClick={() => setToDelete(buyer)}>
            Delete
          </Button>
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="Buyers" />
      <PagedTable
        list={buyers}
        caption="Buyers"
        columns={columns}
        emptyTitle="No buyer created"
        errorTitle="Could not load the buyers"
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this buyer?"
        message={
          toDelete && (
            <p>
              <strong>{toDelete.name}</strong> ({toDelete.email}) is signed out and removed. Their open bookings are
              cancelled.
            </p>
          )
        }
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  )
}
