import { Link, Navigate, useNavigate } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { isAdmin, isSeller, useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useStartSelling } from '../api/start-selling'

/**
 * Where the top bar's Sell leads someone signed in: a Buyer starts selling
 * with one tap and goes on to list something; a Seller goes straight there.
 */
export function StartSellingRoute() {
  const i18n = useI18n()
  const { user } = useUser()
  const online = useOnline()
  const navigate = useNavigate()
  const start = useStartSelling()
  const title = i18n._({ id: 'sell.start.title', message: 'Start selling' })
  useDocumentTitle(title)

  if (isSeller(user) && !start.isSuccess) return <Navigate to={paths.addProduct} replace />
  if (isAdmin(user)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState
          title={i18n._({ id: 'sell.start.adminsDoNotSell', message: "Admins' accounts do not sell" })}
          action={
            <Link to={paths.home} className={buttonClasses({ variant: 'secondary' })}>
              {i18n._({ id: 'guard.backHome', message: 'Back to the home page' })}
            </Link>
          }
        >
          {i18n._({
            id: 'sell.start.adminHint',
            message: 'Your account looks after the marketplace. To sell something, register another account.',
          })}
        </EmptyState>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <section
        aria-labelledby="start-selling-heading"
        className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="start-selling-heading" className="text-2xl font-bold sm:text-3xl">
          {title}
        </h1>
        <p className="mt-3 text-stone-700">
          {i18n._({
            id: 'sell.start.intro',
            message:
              "List the things you no longer need for your neighbours to book. Your account stays the same: your orders, messages and details stay as they are, and you can still book other people's listings.",
          })}
        </p>
        <ul className="mt-4 list-disc space-y-1 ps-5 text-stone-700">
          <li>
            {i18n._({ id: 'sell.start.point1', message: 'A listing needs a few photos, a price and where to pick it up.' })}
          </li>
          <li>{i18n._({ id: 'sell.start.point2', message: 'Buyers book it and message you to agree on a time.' })}</li>
          <li>
            {i18n._({ id: 'sell.start.point3', message: 'Admins may verify sellers they know, for a tick beside your name.' })}
          </li>
        </ul>
        <div className="mt-6 flex flex-col gap-3">
          <OfflineReason action={i18n._({ id: 'sell.start.offlineAction', message: 'starting to sell' })} />
          <Button
            className="w-full"
            disabled={!online}
            isLoading={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: () => void navigate(paths.addProduct) })}
          >
            {title}
          </Button>
          <FormError error={start.error} />
        </div>
      </section>
    </div>
  )
}
