import type { ReactNode } from 'react'
import { Outlet } from 'react-router-dom'
import { SkipLink } from '@/components/skip-link'
import { Footer } from './footer'
import { Navbar } from './navbar'

/**
 * Skip link, top navigation and the main region: the frame of every public
 * screen, and of the app shell shown while the first one loads.
 */
export function PublicFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar />
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        {children}
      </main>
      {footer}
    </div>
  )
}

/** Top navigation, the screen, footer. */
export function PublicLayout() {
  return (
    <PublicFrame footer={<Footer />}>
      <Outlet />
    </PublicFrame>
  )
}
