import { isAdmin, isSeller } from '@/lib/auth'
import { i18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { User } from '@/lib/types'

export interface SidebarLink {
  label: string
  to: string
  /** What the screen is for, shown on its shortcut on the dashboard's home. */
  description?: string
  /** Another path prefix under which this link shows as the current one (a screen reached from it). */
  alsoActiveUnder?: string
}

/**
 * The spec's sidebar, by role, in the app's language (call it while drawing).
 * The server decides what each role may do; this only mirrors it.
 */
export function sidebarLinks(user: User): SidebarLink[] {
  const links: SidebarLink[] = []
  // One account buys and sells: a Seller books other people's listings too.
  if (!isAdmin(user)) {
    links.push({
      label: i18n._({ id: 'sidebar.myOrders', message: 'My Orders' }),
      description: i18n._({ id: 'sidebar.myOrders.description', message: 'The products you booked, and paying for them.' }),
      to: paths.myOrders,
      alsoActiveUnder: paths.payment(''),
    })
  }
  if (isAdmin(user)) {
    links.push(
      {
        label: i18n._({ id: 'sidebar.allUsers', message: 'All Users' }),
        description: i18n._({
          id: 'sidebar.allUsers.description',
          message: 'Every account; make an admin or delete an account.',
        }),
        to: paths.allUsers,
      },
      {
        label: i18n._({ id: 'sidebar.allSellers', message: 'All Sellers' }),
        description: i18n._({ id: 'sidebar.allSellers.description', message: 'Verify sellers so buyers see their tick.' }),
        to: paths.allSellers,
      },
      {
        label: i18n._({ id: 'sidebar.allBuyers', message: 'All Buyers' }),
        description: i18n._({ id: 'sidebar.allBuyers.description', message: 'Every buyer account.' }),
        to: paths.allBuyers,
      },
      {
        label: i18n._({ id: 'sidebar.reportedItems', message: 'Reported Item' }),
        description: i18n._({
          id: 'sidebar.reportedItems.description',
          message: 'Products people reported: dismiss or remove them.',
        }),
        to: paths.reportedItems,
      },
      {
        label: i18n._({ id: 'sidebar.addCategory', message: 'Add Category' }),
        description: i18n._({ id: 'sidebar.addCategory.description', message: 'A new category for the home page.' }),
        to: paths.addCategory,
      },
      {
        label: i18n._({ id: 'sidebar.editCategories', message: 'Categories' }),
        description: i18n._({ id: 'sidebar.editCategories.description', message: 'Rename a category or change its picture.' }),
        to: paths.editCategories,
      },
      {
        label: i18n._({ id: 'sidebar.auditLog', message: 'Audit log' }),
        description: i18n._({ id: 'sidebar.auditLog.description', message: 'Who did what, and when.' }),
        to: paths.auditLog,
      },
      { label: i18n._({ id: 'sidebar.siteSettings', message: 'Site settings' }), to: paths.siteSettings },
      {
        label: i18n._({ id: 'sidebar.searchSynonyms', message: 'Search synonyms' }),
        description: i18n._({ id: 'sidebar.searchSynonyms.description', message: 'Words a search treats as one.' }),
        to: paths.searchSynonyms,
      },
    )
  }
  if (isSeller(user)) {
    links.push(
      {
        label: i18n._({ id: 'sidebar.myProducts', message: 'My Products' }),
        description: i18n._({
          id: 'sidebar.myProducts.description',
          message: 'What you sell: delete a listing or advertise it on the home page.',
        }),
        to: paths.myProducts(user.email),
      },
      {
        label: i18n._({ id: 'sidebar.addProduct', message: 'Add Product' }),
        description: i18n._({ id: 'sidebar.addProduct.description', message: 'List something new for sale.' }),
        to: paths.addProduct,
      },
      {
        label: i18n._({ id: 'sidebar.myBuyers', message: 'My Buyers' }),
        description: i18n._({ id: 'sidebar.myBuyers.description', message: 'Who booked your products; confirm their payments.' }),
        to: paths.myBuyers,
      },
    )
  }
  links.push(
    {
      label: i18n._({ id: 'sidebar.messages', message: 'Messages' }),
      description: i18n._({
        id: 'sidebar.messages.description',
        message: 'Talk with buyers and sellers, and agree on a pickup time.',
      }),
      to: paths.messages,
    },
    {
      label: i18n._({ id: 'sidebar.profile', message: 'Profile' }),
      description: i18n._({ id: 'sidebar.profile.description', message: 'Your details, password, sessions and notifications.' }),
      to: paths.profile,
    },
  )
  return links
}
