import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { PageHeader } from '@/components/page-header'
import type { Column } from '@/components/table'
import { VerifiedBadge } from '@/components/verified-badge'
import { Trans } from '@lingui/react'
import { useI18n } from '@/lib/i18n'
import type { User } from '@/lib/types'
import { useConfirmedAction } from '@/lib/use-confirmed-action'
import { useDeleteSeller } from '../api/delete-seller'
import { useSellers } from '../api/get-sellers'
import { useVerifySeller } from '../api/verify-seller'
import { EmailCell } from '../components/email-cell'
import { SearchableTable } from '../components/searchable-table'
import { SuspensionNote, useSuspensions } from '../components/suspension'

export function AllSellersRoute() {
  const i18n = useI18n()
  const sellers = useSellers()
  const verification = useConfirmedAction({
    mutation: useVerifySeller(),
    variables: (seller: User) => seller.id,
    success: i18n._({ id: 'admin.sellers.verified', message: 'Verified successfully' }),
  })
  const suspensions = useSuspensions()
  const deletion = useConfirmedAction({
    mutation: useDeleteSeller(),
    variables: (seller: User) => seller.id,
    success: i18n._({ id: 'admin.deleted', message: 'Deleted successfully' }),
  })

  const columns: Column<User>[] = [
    {
      header: i18n._({ id: 'admin.column.name', message: 'Name' }),
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
    { header: i18n._({ id: 'admin.column.email', message: 'Email' }), cell: (seller) => <EmailCell user={seller} /> },
    {
      header: i18n._({ id: 'admin.column.actions', message: 'Actions' }),
      hideLabelWhenStacked: true,
      cell: (seller) => (
        <div className="flex w-full flex-wrap justify-end gap-2 *:whitespace-nowrap md:flex-nowrap md:justify-start">
          <Button
            aria-label={i18n._({ id: 'admin.deleteUser', message: 'Delete {name}', values: { name: seller.name } })}
            variant="danger"
            size="sm"
            onClick={() => deletion.ask(seller)}
          >
            {i18n._({ id: 'admin.delete', message: 'Delete' })}
          </Button>
          {!seller.verified && (
            <Button
              aria-label={i18n._({ id: 'admin.sellers.verifySeller', message: 'Verify {name}', values: { name: seller.name } })}
              variant="secondary"
              size="sm"
              onClick={() => verification.ask(seller)}
            >
              {i18n._({ id: 'admin.sellers.verify', message: 'Verify' })}
            </Button>
          )}
          {suspensions.action(seller)}
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader title={i18n._({ id: 'admin.sellers.title', message: 'Sellers' })} />
      <SearchableTable
        list={sellers}
        caption={i18n._({ id: 'admin.sellers.title', message: 'Sellers' })}
        columns={columns}
        counts={{
          all: (total) =>
            i18n._({
              id: 'admin.sellers.count',
              message: '{total, plural, one {# seller} other {# sellers}}',
              values: { total },
            }),
          some: (shown, total) =>
            i18n._({
              id: 'admin.sellers.countSome',
              message: '{shown} of {total, plural, one {# seller} other {# sellers}}',
              values: { shown, total },
            }),
          noMatch: (query) => i18n._({ id: 'admin.sellers.noMatch', message: 'No sellers match “{query}”', values: { query } }),
        }}
        searchIn={(seller) => [seller.name, seller.email]}
        emptyTitle={i18n._({ id: 'admin.sellers.empty', message: 'No Seller created' })}
        errorTitle={i18n._({ id: 'admin.sellers.loadError', message: 'Could not load the sellers' })}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={i18n._({ id: 'admin.sellers.deleteTitle', message: 'Delete this seller?' })}
        message={
          deletion.target && (
            <p>
              <Trans
                id="admin.sellers.deleteBody"
                message="<0>{name}</0> ({email}) is signed out and removed with all their products. Open bookings on them are cancelled."
                values={{ name: deletion.target.name, email: deletion.target.email }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.delete', message: 'Delete' })}
      />
      <ConfirmDialog
        {...verification.dialog}
        title={i18n._({ id: 'admin.sellers.verifyTitle', message: 'Verify this seller?' })}
        message={
          verification.target && (
            <p>
              <Trans
                id="admin.sellers.verifyBody"
                message="<0>{name}</0> ({email}) gets the Verified badge on all their listings, for every buyer to see."
                values={{ name: verification.target.name, email: verification.target.email }}
                components={{ 0: <strong /> }}
              />
            </p>
          )
        }
        confirmLabel={i18n._({ id: 'admin.sellers.verify', message: 'Verify' })}
      />
      {suspensions.dialogs}
    </>
  )
}
