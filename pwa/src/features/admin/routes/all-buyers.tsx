import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { Trans } from '@lingui/react'
import { useI18n } from '@/lib/i18n'
import type { User } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDeleteBuyer } from '../api/delete-buyer'
import { useBuyers } from '../api/get-buyers'
import { EmailCell } from '../components/email-cell'
import { SearchableTable } from '../components/searchable-table'
import { SuspensionNote, useSuspensions } from '../components/suspension'

export function AllBuyersRoute() {
  const i18n = useI18n()
  const buyers = useBuyers()
  const suspensions = useSuspensions()
  const deletion = useConfirmedAction({
    mutation: useDeleteBuyer(),
    variables: (buyer: User) => buyer.id,
    success: i18n._({ id: 'admin.deleted', message: 'Deleted successfully' }),
  })

  const columns: Column<User>[] = [
    {
      header: i18n._({ id: 'admin.column.name', message: 'Name' }),
      cell: (buyer) => (
        <span className="flex min-w-0 flex-col items-end gap-1 md:items-start">
          <span className="font-medium">{buyer.name}</span>
          <SuspensionNote user={buyer} />
        </span>
      ),
    },
    { header: i18n._({ id: 'admin.column.email', message: 'Email' }), cell: (buyer) => <EmailCell user={buyer} /> },
    {
      header: i18n._({ id: 'admin.column.actions', message: 'Actions' }),
      hideLabelWhenStacked: true,
      cell: (buyer) => (
        <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:flex-nowrap md:justify-start">
          <Button
            aria-label={i18n._({ id: 'admin.deleteUser', message: 'Delete {name}', values: { name: buyer.name } })}
            variant="danger"
            size="sm"
            onClick={() => deletion.ask(buyer)}
          >
            {i18n._({ id: 'admin.delete', message: 'Delete' })}
          </Button>
          {suspensions.action(buyer)}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title={i18n._({ id: 'admin.buyers.title', message: 'Buyers' })} />
      <SearchableTable
        list={buyers}
        caption={i18n._({ id: 'admin.buyers.title', message: 'Buyers' })}
        columns={columns}
        counts={{
          all: (total) =>
            i18n._({
              id: 'admin.buyers.count',
              message: '{total, plural, one {# buyer} other {# buyers}}',
              values: { total },
            }),
          some: (shown, total) =>
            i18n._({
              id: 'admin.buyers.countSome',
              message: '{shown} of {total, plural, one {# buyer} other {# buyers}}',
              values: { shown, total },
            }),
          noMatch: (query) => i18n._({ id: 'admin.buyers.noMatch', message: 'No buyers match “{query}”', values: { query } }),
        }}
        searchIn={(buyer) => [buyer.name, buyer.email]}
        emptyTitle={i18n._({ id: 'admin.buyers.empty', message: 'No buyer created' })}
        errorTitle={i18n._({ id: 'admin.buyers.loadError', message: 'Could not load the buyers' })}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={i18n._({ id: 'admin.buyers.deleteTitle', message: 'Delete this buyer?' })}
        message={
          deletion.target && (
            <p>
              <Trans
                id="admin.buyers.deleteBody"
                message="<0>{name}</0> ({email}) is signed out and removed. Their open bookings are cancelled."
                values={{ name: deletion.target.name, email: deletion.target.email }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.delete', message: 'Delete' })}
      />
      {suspensions.dialogs}
    </>
  )
}
