import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import type { User } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDeleteBuyer } from '../api/delete-buyer'
import { useBuyers } from '../api/get-buyers'
import { EmailCell } from '../components/email-cell'
import { SearchableTable } from '../components/searchable-table'
import { SuspensionNote, useSuspensions } from '../components/suspension'

export function AllBuyersRoute() {
  const buyers = useBuyers()
  const suspensions = useSuspensions()
  const deletion = useConfirmedAction({
    mutation: useDeleteBuyer(),
    variables: (buyer: User) => buyer.id,
    success: 'Deleted successfully',
  })

  const columns: Column<User>[] = [
    {
      header: 'Name',
      cell: (buyer) => (
        <span className="flex min-w-0 flex-col items-end gap-1 md:items-start">
          <span className="font-medium">{buyer.name}</span>
          <SuspensionNote user={buyer} />
        </span>
      ),
    },
    { header: 'Email', cell: (buyer) => <EmailCell user={buyer} /> },
    {
      header: 'Actions',
      hideLabelWhenStacked: true,
      cell: (buyer) => (
        <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:flex-nowrap md:justify-start">
          <Button aria-label={`Delete ${buyer.name}`} variant="danger" size="sm" onClick={() => deletion.ask(buyer)}>
            Delete
          </Button>
          {suspensions.action(buyer)}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title="Buyers" />
      <SearchableTable
        list={buyers}
        caption="Buyers"
        columns={columns}
        noun={['buyer', 'buyers']}
        searchIn={(buyer) => [buyer.name, buyer.email]}
        emptyTitle="No buyer created"
        errorTitle="Could not load the buyers"
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this buyer?"
        message={
          deletion.target && (
            <p>
              <strong>{deletion.target.name}</strong> ({deletion.target.email}) is signed out and removed. Their open
              bookings are cancelled.
            </p>
          )
        }
        confirmLabel="Delete"
      />
      {suspensions.dialogs}
    </>
  )
}
