import { useState } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import { PagedTable } from '@/components/paged-table'
import type { Column } from '@/components/table'
import { VerifiedBadge } from '@/components/verified-badge'
import { errorMessage } from '@/lib/api'
import type { User } from '@/lib/types'
import { useDeleteSeller } from '../api/delete-seller'
import { useSellers } from '../api/get-sellers'
import { useVerifySeller } from '../api/verify-seller'

export function AllSellersRoute() {
  const sellers = useSellers()
  const remove = useDeleteSeller()
  const verify = useVerifySeller()
  const [toDelete, setToDelete] = useState<User | null>(null)

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success('Deleted successfully'),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToDelete(null),
    })
  }

  const verifySeller = (seller: User) =>
    verify.mutate(seller.id, {
      onSuccess: () => toast.success('Verified successfully'),
      onError: (error) => toast.error(errorMessage(error)),
    })

  const columns: Column<User>[] = [
    {
      header: 'Name',
      cell: (seller) => (
        <span className="inline-flex flex-wrap items-center justify-end gap-2">
          <span className="font-medium">{seller.name}</span>
          {seller.verified && <VerifiedBadge />}
        </span>
      ),
    },
    { header: 'Email', cell: (seller) => <span className="break-all">{seller.email}</span> },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (seller) => (
        <div className="flex w-full flex-wrap justify-end gap-2 md:justify-start">
          <Button aria-label={`Delete ${seller.name}`} variant="danger" size="sm" onClick={() => setToDelete(seller)}>
            Delete
          </Button>
          {!seller.verified && (
            <Button
              aria-label={`Verify ${seller.name}`}
              variant="secondary"
              size="sm"
              isLoading={verify.isPending && verify.variables === seller.id}
              onClick={() => verifySeller(seller)}
            >
              Verify
            </Button>
          )}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="Sellers" />
      <PagedTable
        list={sellers}
        caption="Sellers"
        columns={columns}
        emptyTitle="No Seller created"
        errorTitle="Could not load the sellers"
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this seller?"
        message={
          toDelete && (
            <p>
              <strong>{toDelete.name}</strong> ({toDelete.email}) is signed out and removed with all their products.
              Open bookings on them are cancelled.
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
