import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom'
import { Button } from '@/components/button'
import { useLogout } from '@/features/auth'
import { useDocumentTitle } from '@/lib/use-document-title'

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `Error ${error.status}`
  if (error instanceof Error) return error.message
  return String(error)
}

/** The router's errorElement: a screen threw, or a lazy chunk failed to load. */
export function RouteErrorRoute() {
  useDocumentTitle('Something is wrong!')
  const error = useRouteError()
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold text-red-700">Something is wrong!</h1>
      <p className="text-stone-700">{describe(error)}</p>
      <Button
        variant="danger"
        isLoading={logout.isPending}
        onClick={() => logout.mutate(undefined, { onError: () => navigate('/') })}
      >
        Please Log Out
      </Button>
    </main>
  )
}
