import { useEffect, useState } from 'react'
import { useOnline } from '@/lib/connectivity'
import { formatTimeAgo } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { useLastSaved } from '@/lib/offline/use-offline-store'

/** Re-renders every `ms` while `active`, for times shown as "5 minutes ago". */
function useNow(active: boolean, ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [active, ms])
  return now
}

/** A quiet line under the top bar while the server cannot be reached. */
export function OfflineBanner() {
  const i18n = useI18n()
  const online = useOnline()
  const savedAt = useLastSaved()
  const now = useNow(!online)
  if (online) return null
  return (
    <p role="status" className="bg-stone-800 px-4 py-2 text-center text-sm font-medium text-stone-50">
      {savedAt > 0
        ? i18n._({
            id: 'offline.banner.showingSaved',
            message: 'Offline — showing what you saw {timeAgo}',
            values: { timeAgo: formatTimeAgo(savedAt, now) },
          })
        : i18n._({ id: 'offline.banner.nothingSaved', message: 'Offline — nothing is saved on this device yet' })}
    </p>
  )
}
