/**
 * Every route of the spec, one lazy chunk per screen, mounted at the paths of
 * the one table in src/lib/paths.ts (link to them with its `paths`).
 *
 * Who owns what (features never import each other, as pwa/eslint.config.js
 * enforces; shared code is in src/lib and src/components):
 *   src/app (this folder)     layouts, navbar, footer, sidebar, the dashboard landing,
 *                             404, error page, the doubled-prefix redirect, the top bar's search box
 *   features/auth             login, register, forgot and reset password, confirm email, link Google, profile,
 *                             RequireAuth, RequireRole, logout
 *   features/catalogue        home, categories, category, product, seller
 *   features/search           search (with the catalogue's cards: src/app/routes/search.tsx)
 *   features/blogs            blogs, post, newPost, editPost (the community's posts)
 *   features/orders           myOrders, payment
 *   features/seller           myProducts, addProduct, editProduct, myBuyers, sell (start selling)
 *   features/admin            allUsers, allSellers, allBuyers, reportedItems, addCategory, editCategories, auditLog
 *   features/messages         messages, conversation (one screen: the list beside the open thread)
 *   features/site             about, privacy, terms, siteSettings, searchSynonyms (the community's own texts and words)
 *
 * Guards: category, product, search and seller pages need a signed-in user unless the
 * site's listings are public; Sell and all of the dashboard need a signed-in user;
 * seller screens need role Seller, admin screens role Admin. The server
 * enforces the same rules; these only spare people a screen they can't use.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { i18n } from '@/lib/i18n'
import { routePaths } from '@/lib/paths'
import { AppShell } from './layouts/app-shell'
import { PublicLayout } from './layouts/public-layout'
import { RootLayout } from './layouts/root-layout'
import { DoubledPrefixRedirect } from './routes/doubled-prefix-redirect'
import { RouteErrorRoute } from './routes/route-error'
import { screens } from './screens'

const home = () => screens.home().then((m) => ({ Component: m.HomeRoute }))

// The guards load with the first screen behind one (at the same time as its
// code), not with every first visit: the home page needs none.
const guards = () => import('@/features/auth/components/require-auth')
const requireBrowse = () => guards().then((m) => ({ Component: m.RequireBrowse }))
/** `reason`, said on Log In, in the language shown when the guard sends the visitor there. */
const requireAuth = (reason?: () => string) => () =>
  guards().then(({ RequireAuth }) => ({ Component: () => <RequireAuth reason={reason?.()} /> }))
const requireRole = (role: 'Admin' | 'Seller') => () =>
  guards().then(({ RequireRole }) => ({ Component: () => <RequireRole role={role} /> }))

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    HydrateFallback: AppShell,
    children: [
      { path: routePaths.doubledDashboard, element: <DoubledPrefixRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: home },
          { path: routePaths.homeAlias, lazy: home },
          {
            path: routePaths.categories,
            lazy: () => screens.categories().then((m) => ({ Component: m.CategoriesRoute })),
          },
          {
            // Open to visitors when the site's listings are public.
            lazy: requireBrowse,
            children: [
              {
                path: routePaths.seller,
                lazy: () => import('@/features/catalogue/routes/seller').then((m) => ({ Component: m.SellerRoute })),
              },
              {
                path: routePaths.category,
                lazy: () => import('@/features/catalogue/routes/category').then((m) => ({ Component: m.CategoryRoute })),
              },
              {
                path: routePaths.product,
                lazy: () => import('@/features/catalogue/routes/product').then((m) => ({ Component: m.ProductRoute })),
              },
              {
                path: routePaths.search,
                lazy: () => import('./routes/search').then((m) => ({ Component: m.SearchScreen })),
              },
            ],
          },
          {
            path: routePaths.sell,
            lazy: requireAuth(() => i18n._({ id: 'nav.sell.logInFirst', message: 'Log in to start selling' })),
            children: [
              {
                index: true,
                lazy: () => import('@/features/seller/routes/start-selling').then((m) => ({ Component: m.StartSellingRoute })),
              },
            ],
          },
          {
            path: routePaths.login,
            lazy: () => screens.login().then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: routePaths.register,
            lazy: () => screens.register().then((m) => ({ Component: m.RegisterRoute })),
          },
          {
            path: routePaths.resetPassword,
            lazy: () => screens.resetPassword().then((m) => ({ Component: m.ResetPasswordRoute })),
          },
          {
            path: routePaths.forgotPassword,
            lazy: () => screens.forgotPassword().then((m) => ({ Component: m.ForgotPasswordRoute })),
          },
          {
            path: routePaths.confirmEmail,
            lazy: () => screens.confirmEmail().then((m) => ({ Component: m.ConfirmEmailRoute })),
          },
          {
            path: routePaths.linkGoogle,
            lazy: () => screens.linkGoogle().then((m) => ({ Component: m.LinkGoogleRoute })),
          },
          {
            path: routePaths.blogs,
            lazy: () => screens.blogs().then((m) => ({ Component: m.BlogsRoute })),
          },
          {
            path: routePaths.post,
            lazy: () => import('@/features/blogs/routes/post').then((m) => ({ Component: m.PostRoute })),
          },
          {
            lazy: requireRole('Admin'),
            children: [
              {
                path: routePaths.newPost,
                lazy: () => import('@/features/blogs/routes/post-editor').then((m) => ({ Component: m.NewPostRoute })),
              },
              {
                path: routePaths.editPost,
                lazy: () => import('@/features/blogs/routes/post-editor').then((m) => ({ Component: m.EditPostRoute })),
              },
            ],
          },
          {
            path: routePaths.about,
            lazy: () => screens.about().then((m) => ({ Component: m.AboutRoute })),
          },
          {
            path: routePaths.privacy,
            lazy: () => screens.privacy().then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: routePaths.terms,
            lazy: () => screens.terms().then((m) => ({ Component: m.TermsRoute })),
          },
          { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
        ],
      },
      {
        path: routePaths.dashboard,
        lazy: requireAuth(),
        children: [
          {
            // The dashboard's frame loads with its first screen, not with
            // every first visit (the first script's budget, docs/benchmarks.md).
            lazy: () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
            children: [
              {
                index: true,
                lazy: () => import('./routes/dashboard-home').then((m) => ({ Component: m.DashboardHomeRoute })),
              },
              {
                path: routePaths.myOrders,
                lazy: () => import('@/features/orders/routes/my-orders').then((m) => ({ Component: m.MyOrdersRoute })),
              },
              {
                path: routePaths.profile,
                lazy: () => import('@/features/auth/routes/profile').then((m) => ({ Component: m.ProfileRoute })),
              },
              {
                path: routePaths.messages,
                lazy: () => import('@/features/messages/routes/messages').then((m) => ({ Component: m.MessagesRoute })),
              },
              {
                path: routePaths.conversation,
                lazy: () => import('@/features/messages/routes/messages').then((m) => ({ Component: m.MessagesRoute })),
              },
              {
                path: routePaths.payment,
                lazy: () => import('@/features/orders/routes/payment').then((m) => ({ Component: m.PaymentRoute })),
              },
              {
                lazy: requireRole('Seller'),
                children: [
                  {
                    path: routePaths.myProducts,
                    lazy: () => import('@/features/seller/routes/my-products').then((m) => ({ Component: m.MyProductsRoute })),
                  },
                  {
                    path: routePaths.addProduct,
                    lazy: () => import('@/features/seller/routes/add-product').then((m) => ({ Component: m.AddProductRoute })),
                  },
                  {
                    path: routePaths.editProduct,
                    lazy: () => import('@/features/seller/routes/edit-product').then((m) => ({ Component: m.EditProductRoute })),
                  },
                  {
                    path: routePaths.myBuyers,
                    lazy: () => import('@/features/seller/routes/my-buyers').then((m) => ({ Component: m.MyBuyersRoute })),
                  },
                ],
              },
              {
                lazy: requireRole('Admin'),
                children: [
                  {
                    path: routePaths.allUsers,
                    lazy: () => import('@/features/admin/routes/all-users').then((m) => ({ Component: m.AllUsersRoute })),
                  },
                  {
                    path: routePaths.allSellers,
                    lazy: () => import('@/features/admin/routes/all-sellers').then((m) => ({ Component: m.AllSellersRoute })),
                  },
                  {
                    path: routePaths.allBuyers,
                    lazy: () => import('@/features/admin/routes/all-buyers').then((m) => ({ Component: m.AllBuyersRoute })),
                  },
                  {
                    path: routePaths.reportedItems,
                    lazy: () =>
                      import('@/features/admin/routes/reported-items').then((m) => ({ Component: m.ReportedItemsRoute })),
                  },
                  {
                    path: routePaths.addCategory,
                    lazy: () => import('@/features/admin/routes/add-category').then((m) => ({ Component: m.AddCategoryRoute })),
                  },
                  {
                    path: routePaths.editCategories,
                    lazy: () =>
                      import('@/features/admin/routes/edit-categories').then((m) => ({ Component: m.EditCategoriesRoute })),
                  },
                  {
                    path: routePaths.auditLog,
                    lazy: () => import('@/features/admin/routes/audit-log').then((m) => ({ Component: m.AuditLogRoute })),
                  },
                  {
                    path: routePaths.searchSynonyms,
                    lazy: () =>
                      import('@/features/site/routes/search-synonyms').then((m) => ({ Component: m.SearchSynonymsRoute })),
                  },
                  {
                    path: routePaths.siteSettings,
                    lazy: () => import('@/features/site/routes/site-settings').then((m) => ({ Component: m.SiteSettingsRoute })),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]

/** The app's router; tests use createMemoryRouter(routes, ...) instead. */
export function createAppRouter() {
  return createBrowserRouter(routes)
}
