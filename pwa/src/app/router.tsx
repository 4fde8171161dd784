/**
 * Every route of the spec, one lazy chunk per screen.
 *
 * Who owns what (features never import each other; shared code is in
 * src/lib and src/components):
 *   src/app (this folder)     layouts, navbar, footer, sidebar, /dashboard landing,
 *                             404, error page, /dashboard/dashboard/* redirect
 *   features/auth             /login, /register, RequireAuth, RequireRole, logout
 *   features/catalogue        /, /home, /categories, /categories/:name, /products/:id
 *   features/blogs            /blogs
 *   features/orders           /dashboard/myorders, /dashboard/payment/:bookingId
 *   features/seller           /dashboard/myproducts/:email, /dashboard/addproduct,
 *                             /dashboard/mybuyers
 *   features/admin            /dashboard/allusers, /dashboard/allsellers,
 *                             /dashboard/allbuyers, /dashboard/reporteditems,
 *                             /dashboard/addcategory
 *
 * Guards: categories/:name, products/:id and all of /dashboard need a signed-in
 * user; seller screens need role Seller, admin screens role Admin. The server
 * enforces the same rules; these only spare people a screen they can't use.
 * Link to routes with the builders in src/lib/paths.ts.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { RequireAuth, RequireRole } from '@/features/auth'
import { AppShell } from './layouts/app-shell'
import { DashboardLayout } from './layouts/dashboard-layout'
import { PublicLayout } from './layouts/public-layout'
import { DashboardHomeRoute } from './routes/dashboard-home'
import { DoubledPrefixRedirect } from './routes/doubled-prefix-redirect'
import { NotFoundRoute } from './routes/not-found'
import { RouteErrorRoute } from './routes/route-error'
import { screens } from './screens'

const home = () => screens.home().then((m) => ({ Component: m.HomeRoute }))

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorRoute />,
    HydrateFallback: AppShell,
    children: [
      { path: '/dashboard/dashboard/*', element: <DoubledPrefixRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: home },
          { path: 'home', lazy: home },
          {
            path: 'categories',
            lazy: () => screens.categories().then((m) => ({ Component: m.CategoriesRoute })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'categories/:name',
                lazy: () => import('@/features/catalogue/routes/category').then((m) => ({ Component: m.CategoryRoute })),
              },
              {
                path: 'products/:id',
                lazy: () => import('@/features/catalogue/routes/product').then((m) => ({ Component: m.ProductRoute })),
              },
            ],
          },
          {
            path: 'login',
            lazy: () => screens.login().then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: 'register',
            lazy: () => screens.register().then((m) => ({ Component: m.RegisterRoute })),
          },
          {
            path: 'blogs',
            lazy: () => screens.blogs().then((m) => ({ Component: m.BlogsRoute })),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardHomeRoute /> },
          {
            path: 'myorders',
            lazy: () => import('@/features/orders/routes/my-orders').then((m) => ({ Component: m.MyOrdersRoute })),
          },
          {
            path: 'payment/:bookingId',
            lazy: () => import('@/features/orders/routes/payment').then((m) => ({ Component: m.PaymentRoute })),
          },
          {
            element: <RequireRole role="Seller" />,
            children: [
              {
                path: 'myproducts/:email',
                lazy: () => import('@/features/seller/routes/my-products').then((m) => ({ Component: m.MyProductsRoute })),
              },
              {
                path: 'addproduct',
                lazy: () => import('@/features/seller/routes/add-product').then((m) => ({ Component: m.AddProductRoute })),
              },
              {
                path: 'mybuyers',
                lazy: () => import('@/features/seller/routes/my-buyers').then((m) => ({ Component: m.MyBuyersRoute })),
              },
            ],
          },
          {
            element: <RequireRole role="Admin" />,
            children: [
              {
                path: 'allusers',
                lazy: () => import('@/features/admin/routes/all-users').then((m) => ({ Component: m.AllUsersRoute })),
              },
              {
                path: 'allsellers',
                lazy: () => import('@/features/admin/routes/all-sellers').then((m) => ({ Component: m.AllSellersRoute })),
              },
              {
                path: 'allbuyers',
                lazy: () => import('@/features/admin/routes/all-buyers').then((m) => ({ Component: m.AllBuyersRoute })),
              },
              {
                path: 'reporteditems',
                lazy: () =>
                  import('@/features/admin/routes/reported-items').then((m) => ({ Component: m.ReportedItemsRoute })),
              },
              {
                path: 'addcategory',
                lazy: () => import('@/features/admin/routes/add-category').then((m) => ({ Component: m.AddCategoryRoute })),
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
