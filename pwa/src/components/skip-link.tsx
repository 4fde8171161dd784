import { useI18n } from '@/lib/i18n'

/** The first focusable element of every layout; the <main> it targets has id="main" and tabIndex={-1}. */
export function SkipLink() {
  const i18n = useI18n()
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-white px-4 py-3 font-semibold text-teal-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50"
    >
      {i18n._({ id: 'common.skipToMain', message: 'Skip to main content' })}
    </a>
  )
}
