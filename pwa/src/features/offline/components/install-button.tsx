import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { useInstallPrompt } from '../hooks/use-install-prompt'

/** Install Rehome as an app: shown only while the browser offers it. */
export function InstallButton({ className, onClick }: { className?: string; onClick?: () => void }) {
  const i18n = useI18n()
  const install = useInstallPrompt()
  if (!install) return null
  return (
    <button
      type="button"
      onClick={() => {
        onClick?.()
        void install()
      }}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium text-teal-800 hover:bg-teal-50',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path strokeLinecap="round" strokeLinejoin="round" d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2h12v-2" />
      </svg>
      {i18n._({ id: 'offline.install', message: 'Install' })}
    </button>
  )
}
