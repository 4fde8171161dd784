import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { VerifiedBadge } from '@/components/verified-badge'
import type { User } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDeleteSeller } from '../api/delete-seller'
import { useSellers } from '../api/get-sellers'
import { useVerifySeller } from '../api/verify-seller'
import { EmailCell } from '../components/email-cell'
import { SearchableTable } from '../components/searchable-table'
import { SuspensionNote, useSuspensions } from '../components/suspension'

export function AllSellersRoute() {
  const sellers = useSellers()
  const verification = useConfirmedAction({
    mutation: useVerifySeller(),
    variables: (seller: User) => seller.id,
    success: 'Verified successfully',
  })
  const suspensions = useSuspensions()
  const deletion = useConfirmedAction({
    mutation: useDeleteSeller(),
    variables: (seller: User) => seller.id,
    success: 'Deleted successfully',
  })

  const columns: Column<User>[] = [
    {
      header: 'Name',
      cell: (seller) => (
        <span className="flex min-w-0 flex-col items-end gap-1 md:items-start">
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            <span className="font-medium">{seller.name}</span>
            {seller.verified && <VerifiedBadge />}
          </span>
          <SuspensionNote user={seller} />
        </span>
      ),
    },
    { header: 'Email', cell: (seller) => <EmailCell user={seller} /> },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (seller) => (
        <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:flex-nowrap md:justify-start">
          <Button aria-label={`Delete ${seller.name}`} variant="danger" size="sm" onClick={() => deletion.ask(seller)}>
            Delete
          </Button>
          {!seller.verified && (
            <Button
              aria-label={`Verify ${seller.name}`}
              variant="secondary"
              size="sm"
              onClick={() => verification.ask(seller)}
            >
              Verify
            </Button>
          )}
          {suspensions.action(seller)}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="Sellers" />
      <SearchableTable
        list={sellers}
        caption="Sellers"
        columns={columns}
        noun={['seller', 'sellers']}
        searchIn={(seller) => [seller.name, seller.email]}
        emptyTitle="No Seller created"
        errorTitle="Could not load the sellers"
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this seller?"
        message={
          deletion.target && (
            <p>
              <strong>{deletion.target.name}</strong> ({deletion.target.email}) is signed out and removed with all
              their products. Open bookings on them are cancelled.
            </p>
          )
        }
        confirmLabel="Delete"
      />
      <ConfirmDialog
        {...verification.dialog}
        title="Verify this seller?"
        message={
          verification.target && (
            <p>
              <strong>{verification.target.name}</strong> ({verification.target.email}) gets the Verified badge on all
              their listings, for every buyer to see.
            </p>
          )
        }
        confirmLabel="Verify"
      />
      {suspensions.dialogs}
    </>
  )
}
