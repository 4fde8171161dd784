// Builders for the routes that are linked from more than one feature, so no
// feature needs to import another to link to it. The route table lives in
// src/app/router.tsx.

function segment(value: string | number): string {
  // '@' is legal in a path segment and reads better in an address bar.
  return encodeURIComponent(String(value)).replace(/%40/g, '@')
}

export const paths = {
  home: '/',
  categories: '/categories',
  category: (name: string) => `/categories/${segment(name)}`,
  product: (id: number | string) => `/products/${segment(id)}`,
  login: '/login',
  register: '/register',
  blogs: '/blogs',
  dashboard: '/dashboard',
  myOrders: '/dashboard/myorders',
  payment: (bookingId: number | string) => `/dashboard/payment/${segment(bookingId)}`,
  myProducts: (email: string) => `/dashboard/myproducts/${segment(email)}`,
  addProduct: '/dashboard/addproduct',
  myBuyers: '/dashboard/mybuyers',
  allUsers: '/dashboard/allusers',
  allSellers: '/dashboard/allsellers',
  allBuyers: '/dashboard/allbuyers',
  reportedItems: '/dashboard/reporteditems',
  addCategory: '/dashboard/addcategory',
} as const
