import { Button } from '@/components/button'

interface UpdateBannerProps {
  onReload: () => void
  onDismiss: () => void
}

/**
 * Says a new version is ready. It never reloads by itself: whatever is being
 * typed stays until the person chooses Reload.
 */
export function UpdateBanner({ onReload, onDismiss }: UpdateBannerProps) {
  return (
    <section
      aria-label="Update"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-lg"
    >
      <p role="status" className="flex-1 font-medium text-stone-800">
        A new version is available
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Later
        </Button>
        <Button size="sm" onClick={onReload}>
          Reload
        </Button>
      </div>
    </section>
  )
}
