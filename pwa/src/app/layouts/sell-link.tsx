import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { isSeller, useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'

/**
 * The top bar's Sell, for everyone: a Seller goes on to Add Product, a
 * Buyer to Start selling, and a visitor logs in first and comes back there.
 */
export function SellLink() {
  const i18n = useI18n()
  const { user } = useUser()
  const sell = i18n._({ id: 'nav.sell', message: 'Sell' })
  const look = buttonClasses({ size: 'sm', className: 'shrink-0' })
  if (isSeller(user)) {
    return (
      <Link to={paths.addProduct} className={look}>
        {sell}
      </Link>
    )
  }
  if (!user) {
    const state = {
      from: { pathname: paths.sell, search: '', hash: '' },
      reason: i18n._({ id: 'nav.sell.logInFirst', message: 'Log in to start selling' }),
    }
    return (
      <Link to={paths.login} state={state} className={look}>
        {sell}
      </Link>
    )
  }
  return (
    <Link to={paths.sell} className={look}>
      {sell}
    </Link>
  )
}
