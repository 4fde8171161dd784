import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { isSeller, useUser } from '@/lib/auth'
import { paths } from '@/lib/paths'

/**
 * The top bar's Sell, for everyone: a Seller goes on to Add Product, a
 * Buyer to Start selling, and a visitor logs in first and comes back there.
 */
export function SellLink() {
  const { user } = useUser()
  const look = buttonClasses({ size: 'sm', className: 'shrink-0' })
  if (isSeller(user)) {
    return (
      <Link to={paths.addProduct} className={look}>
        Sell
      </Link>
    )
  }
  if (!user) {
    const state = { from: { pathname: paths.sell, search: '', hash: '' }, reason: 'Log in to start selling' }
    return (
      <Link to={paths.login} state={state} className={look}>
        Sell
      </Link>
    )
  }
  return (
    <Link to={paths.sell} className={look}>
      Sell
    </Link>
  )
}
