import { Outlet } from 'react-router-dom'
import { SkipLink } from '@/components/skip-link'
import { Footer } from './footer'
import { Navbar } from './navbar'

/** Top navigation, the screen, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar />
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  )
}
