// The Log Out buttons of the phone's menu and of the error screen, each
// loaded when shown: a first visit (nobody signed in, nothing broken) needs
// neither, nor the logout code (the first script's budget, docs/benchmarks.md).
import { useNavigate } from 'react-router-dom'
import { Button } from '@/components/button'
import { useLogout } from '@/features/auth'
import { useI18n } from '@/lib/i18n'

export const menuLogOutClasses = 'inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-700 hover:bg-stone-100'

/** Log Out in the phone's menu; `onNavigate` closes the menu. */
export function MenuLogOut({ onNavigate }: { onNavigate?: () => void }) {
  const i18n = useI18n()
  const logout = useLogout()
  return (
    <button
      type="button"
      onClick={() => {
        onNavigate?.()
        logout.mutate()
      }}
      disabled={logout.isPending}
      className={menuLogOutClasses}
    >
      {i18n._({ id: 'account.logOut', message: 'Log Out' })}
    </button>
  )
}

/** Please Log Out on the error screen: home again if even that fails. */
export function ErrorLogOut() {
  const i18n = useI18n()
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <Button
      variant="danger"
      isLoading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onError: () => navigate('/') })}
    >
      {i18n._({ id: 'error.logOut', message: 'Please Log Out' })}
    </Button>
  )
}
