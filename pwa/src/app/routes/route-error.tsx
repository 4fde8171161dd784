import { lazy, Suspense } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { Button } from '@/components/button'
import { LogoMark } from '@/components/logo'
import { useI18n } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/use-document-title'

// Loaded when the screen shows (see ../log-out.tsx).
const ErrorLogOut = lazy(() => import('../log-out').then((m) => ({ default: m.ErrorLogOut })))

function describe(error: unknown, i18n: ReturnType<typeof useI18n>): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText || i18n._({ id: 'error.status', message: 'Error {status}', values: { status: error.status } })
  }
  if (error instanceof Error) return error.message
  return String(error)
}

/** The router's errorElement: a screen threw, or a lazy chunk failed to load. */
export function RouteErrorRoute() {
  const i18n = useI18n()
  const title = i18n._({ id: 'error.title', message: 'Something is wrong!' })
  useDocumentTitle(title)
  const error = useRouteError()
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="flex w-full max-w-lg flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <LogoMark className="size-12" />
        <h1 className="text-3xl font-bold text-red-700">{title}</h1>
        <p className="max-w-full text-stone-700 [overflow-wrap:anywhere]">{describe(error, i18n)}</p>
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row">
          {/* A screen whose code failed to load usually loads on a second try. */}
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {i18n._({ id: 'error.reload', message: 'Reload the page' })}
          </Button>
          <Suspense
            fallback={
              <Button variant="danger" disabled>
                {i18n._({ id: 'error.logOut', message: 'Please Log Out' })}
              </Button>
            }
          >
            <ErrorLogOut />
          </Suspense>
        </div>
      </div>
    </main>
  )
}
