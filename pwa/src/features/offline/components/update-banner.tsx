import { Button } from '@/components/button'
import { useI18n } from '@/lib/i18n'

interface UpdateBannerProps {
  onReload: () => void
  onDismiss: () => void
}

/**
 * Says a new version is ready. It never reloads by itself: whatever is being
 * typed stays until the person chooses Reload.
 */
export function UpdateBanner({ onReload, onDismiss }: UpdateBannerProps) {
  const i18n = useI18n()
  return (
    <section
      aria-label={i18n._({ id: 'offline.update.label', message: 'Update' })}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-lg"
    >
      <p role="status" className="flex-1 font-medium text-stone-800">
        {i18n._({ id: 'offline.update.available', message: 'A new version is available' })}
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {i18n._({ id: 'offline.update.later', message: 'Later' })}
        </Button>
        <Button size="sm" onClick={onReload}>
          {i18n._({ id: 'offline.update.reload', message: 'Reload' })}
        </Button>
      </div>
    </section>
  )
}
