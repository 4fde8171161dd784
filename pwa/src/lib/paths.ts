// Every route of the app, in one table: the router (src/app/router.tsx) mounts
// its screens at these patterns, the first script starts loading a screen by
// them (src/app/screens.ts), and the link builders below are made from them,
// so no feature needs to import another to link to it.

export const routePaths = {
  home: '/',
  /** The spec's second address of the home page. */
  homeAlias: '/home',
  categories: '/categories',
  category: '/categories/:name',
  product: '/products/:id',
  login: '/login',
  register: '/register',
  /** Opened from a link an admin made: ?token=… */
  resetPassword: '/reset-password',
  /** Asks for a reset link by email (when the marketplace can send mail). */
  forgotPassword: '/forgot-password',
  /** Opened from the link mailed to a new email address: ?token=… */
  confirmEmail: '/confirm-email',
  /** Where a Google sign-in waits for the password of the account with its email: ?email=…&next=… */
  linkGoogle: '/link-google',
  blogs: '/blogs',
  /** The editor of a new post (admins); 'new' is never a post's slug. */
  newPost: '/blogs/new',
  post: '/blogs/:slug',
  editPost: '/blogs/:slug/edit',
  /** Search results; everything it shows is in the query string (features/search/filters.ts). */
  search: '/search',
  dashboard: '/dashboard',
  /** Old links doubled the prefix; they are redirected to the single one. */
  doubledDashboard: '/dashboard/dashboard/*',
  myOrders: '/dashboard/myorders',
  payment: '/dashboard/payment/:bookingId',
  myProducts: '/dashboard/myproducts/:email',
  addProduct: '/dashboard/addproduct',
  editProduct: '/dashboard/edit-product/:id',
  myBuyers: '/dashboard/mybuyers',
  allUsers: '/dashboard/allusers',
  allSellers: '/dashboard/allsellers',
  allBuyers: '/dashboard/allbuyers',
  reportedItems: '/dashboard/reporteditems',
  addCategory: '/dashboard/addcategory',
  /** Renames categories and changes their pictures (admins). */
  editCategories: '/dashboard/categories',
  auditLog: '/dashboard/audit',
  profile: '/dashboard/profile',
  messages: '/dashboard/messages',
  conversation: '/dashboard/messages/:id',
  /** The top bar's Sell: a Buyer starts selling there; a Seller goes on to Add Product. */
  sell: '/sell',
  /** A seller's card and their listings for sale. */
  seller: '/sellers/:id',
  // The community's own pages (features/site).
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  siteSettings: '/dashboard/site',
  /** The search's synonym groups (admins). */
  searchSynonyms: '/dashboard/synonyms',
} as const

type RoutePaths = typeof routePaths

/** A fixed path as it is; a path with a :param, a function of its value. */
type PathTo<P extends string> = P extends `${string}:${string}` ? (value: string | number) => string : P

function segment(value: string | number): string {
  // '@' is legal in a path segment and reads better in an address bar.
  return encodeURIComponent(String(value)).replace(/%40/g, '@')
}

function pathTo<P extends string>(pattern: P): PathTo<P> {
  const link = pattern.includes(':') ? (value: string | number) => pattern.replace(/:\w+/, segment(value)) : pattern
  return link as PathTo<P>
}

/**
 * Links to the routes: `paths.myOrders`, `paths.product(12)`,
 * `paths.myProducts('sam@example.com')`.
 */
export const paths = Object.fromEntries(Object.entries(routePaths).map(([name, pattern]) => [name, pathTo(pattern)])) as {
  [K in keyof RoutePaths]: PathTo<RoutePaths[K]>
}
