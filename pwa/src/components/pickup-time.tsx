import { Trans } from '@lingui/react'
import { formatDateTime } from '@/lib/format'

/** A booking's agreed pickup time, in the viewer's locale; nothing until one is agreed. */
export function PickupTime({ at }: { at: string | null | undefined }) {
  if (!at) return null
  return (
    <p className="text-sm text-stone-700">
      <Trans
        id="common.pickupAt"
        message="Pickup <0>{time}</0>"
        values={{ time: formatDateTime(at) }}
        components={{ 0: <time dateTime={at} className="font-medium whitespace-nowrap text-stone-900" /> }}
      />
    </p>
  )
}
