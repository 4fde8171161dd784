import { useEffect } from 'react'
import toast, { Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast'

// The spec's toast rules: 4 s by default, 2 s for success, loading until
// dismissed, at most 20 on screen.
export const toastOptions: DefaultToastOptions = {
  duration: 4000,
  success: { duration: 2000 },
  loading: { duration: Infinity },
  className: 'text-base',
}

export const maxVisibleToasts = 20

/** Dismisses the oldest visible toasts beyond the limit (the store lists newest first). */
function useToastLimit(limit: number) {
  const { toasts } = useToasterStore()
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(limit)
      .forEach((t) => toast.dismiss(t.id))
  }, [toasts, limit])
}

// Below the header (h-16), not over it: a toast must not hide the menu a
// person reaches for next, and one under the pointer stays until it leaves.
const belowTheHeader = { top: 72 }

export function AppToaster() {
  useToastLimit(maxVisibleToasts)
  return <Toaster position="top-center" containerStyle={belowTheHeader} toastOptions={toastOptions} />
}
