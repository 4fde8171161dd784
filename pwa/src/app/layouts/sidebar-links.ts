import { isAdmin, isSeller } from '@/lib/auth'
import { paths } from '@/lib/paths'
import type { User } from '@/lib/types'

export interface SidebarLink {
  label: string
  to: string
  /** Another path prefix under which this link shows as the current one (a screen reached from it). */
  alsoActiveUnder?: string
}

/** The spec's sidebar, by role. The server decides what each role may do; this only mirrors it. */
export function sidebarLinks(user: User): SidebarLink[] {
  const links: SidebarLink[] = []
  // One account buys and sells: a Seller books other people's listings too.
  if (!isAdmin(user)) {
    links.push({ label: 'My Orders', to: paths.myOrders, alsoActiveUnder: paths.payment('') })
  }
  if (isAdmin(user)) {
    links.push(
      { label: 'All Users', to: paths.allUsers },
      { label: 'All Sellers', to: paths.allSellers },
      { label: 'All Buyers', to: paths.allBuyers },
      { label: 'Reported Item', to: paths.reportedItems },
      { label: 'Add Category', to: paths.addCategory },
      { label: 'Audit log', to: paths.auditLog },
      { label: 'Site settings', to: paths.siteSettings },
    )
  }
  if (isSeller(user)) {
    links.push(
      { label: 'My Products', to: paths.myProducts(user.email) },
      { label: 'Add Product', to: paths.addProduct },
      { label: 'My Buyers', to: paths.myBuyers },
    )
  }
  links.push({ label: 'Messages', to: paths.messages }, { label: 'Profile', to: paths.profile })
  return links
}
