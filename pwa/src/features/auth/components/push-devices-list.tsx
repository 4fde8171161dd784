import toast from 'react-hot-toast'
import { Badge } from '@/components/badge'
import { Button } from '@/components/button'
import { errorMessage } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { formatDate, formatTimeAgo } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { useRemovePushDevice, type PushDevice } from '../api/push-devices'

/** "Chrome on Android", as the subscribing browser named itself. */
function deviceName(i18n: ReturnType<typeof useI18n>, { browser, system }: PushDevice): string {
  if (browser && system)
    return i18n._({ id: 'profile.push.deviceName', message: '{browser} on {system}', values: { browser, system } })
  return browser || system || i18n._({ id: 'profile.push.unknownDevice', message: 'Unknown device' })
}

function DeviceRow({ device, onRemoved }: { device: PushDevice; onRemoved: (device: PushDevice) => void }) {
  const i18n = useI18n()
  const online = useOnline()
  const remove = useRemovePushDevice()
  const name = deviceName(i18n, device)
  // Not mutate's own callbacks: they are dropped once this row is gone,
  // and a live event may refresh the list before the answer arrives.
  const onRemove = () =>
    void remove.mutateAsync(device.id).then(
      () => {
        onRemoved(device)
        toast.success(
          i18n._({ id: 'profile.push.removed', message: 'No more notifications to {device}', values: { device: name } }),
        )
      },
      (error: unknown) => void toast.error(errorMessage(error)),
    )
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          <span className="break-words">{name}</span>
          {device.current && <Badge tone="teal">{i18n._({ id: 'profile.sessions.thisDevice', message: 'This device' })}</Badge>}
        </p>
        <p className="text-sm text-stone-600">
          <span className="block sm:inline">
            {i18n._({ id: 'profile.push.added', message: 'Added {date}', values: { date: formatDate(device.created_at) } })}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <span className="block sm:inline">
            {device.last_sent_at
              ? i18n._({
                  id: 'profile.push.lastSent',
                  message: 'Last notified {ago}',
                  values: { ago: formatTimeAgo(new Date(device.last_sent_at).getTime()) },
                })
              : i18n._({ id: 'profile.push.neverSent', message: 'Not notified yet' })}
          </span>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={!online}
        isLoading={remove.isPending}
        onClick={onRemove}
        aria-label={i18n._({ id: 'profile.push.removeNamed', message: 'Remove {device}', values: { device: name } })}
      >
        {i18n._({ id: 'profile.push.remove', message: 'Remove' })}
      </Button>
    </li>
  )
}

/** The devices the person's notifications go to, this one first; each can be removed. */
export function PushDevicesList({ devices, onRemoved }: { devices: PushDevice[]; onRemoved: (device: PushDevice) => void }) {
  const i18n = useI18n()
  const title = i18n._({ id: 'profile.push.devices', message: 'Devices that get notifications' })
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-medium text-stone-800">{title}</h3>
      {devices.length === 0 ? (
        <p className="text-sm text-stone-600">
          {i18n._({ id: 'profile.push.noDevices', message: 'None: turn notifications on on a device to see it here.' })}
        </p>
      ) : (
        <ul aria-label={title} className="divide-y divide-stone-200 border-y border-stone-200">
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} onRemoved={onRemoved} />
          ))}
        </ul>
      )}
    </div>
  )
}
