import { useUser } from '@/lib/auth'
import { useDocumentTitle } from '@/lib/use-document-title'

export function DashboardHomeRoute() {
  useDocumentTitle('Dashboard')
  const { user } = useUser()
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Welcome to dashboard</h1>
      {user && (
        <p className="mt-2 text-stone-600">
          Signed in as {user.name} ({user.role}).
        </p>
      )}
    </div>
  )
}
