import { Outlet } from 'react-router-dom'
import { ScrollRestoration } from './scroll-restoration'

/**
 * Above every screen: a new page opens at its top (a product opened from
 * far down a category, say), and Back asks the browser to return to where
 * the previous one was scrolled.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
