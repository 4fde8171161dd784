import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Checkbox } from '@/components/field'
import { FormError } from '@/components/form-error'
import { Spinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { refreshAfterWrite } from '@/lib/refresh'
import { useSiteName } from '@/lib/site'
import { currentSubscription, pushSupport, subscribeDevice, unsubscribeDevice } from '../api/push-device'
import { usePushDevices, type PushDevice } from '../api/push-devices'
import { PushDevicesList } from './push-devices-list'
import { pushKinds, usePushPreferences, useSetPushPreferences } from '../api/push-preferences'

/** 'Notify me on this device', where the browser can, and which kinds to be told of. */
export function NotificationSettings() {
  const i18n = useI18n()
  const online = useOnline()
  const siteName = useSiteName()
  const [support, setSupport] = useState(pushSupport)
  const [browserSubscribed, setSubscribed] = useState<boolean | null>(null)
  const queryClient = useQueryClient()
  const devices = usePushDevices()
  // The server's list has the last word: a subscription ends with the session that made it, and the browser
  // keeps its own until told. Until the list comes, the browser's says.
  const subscribed =
    browserSubscribed === true && devices.data ? devices.data.items.some((device) => device.current) : browserSubscribed
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const preferences = usePushPreferences()
  const setPreferences = useSetPushPreferences()

  useEffect(() => {
    if (support !== 'available') return
    let live = true
    currentSubscription().then(
      (subscription) => live && setSubscribed(subscription !== null),
      () => live && setSubscribed(false),
    )
    return () => {
      live = false
    }
  }, [support])

  const toggleDevice = async (on: boolean) => {
    setBusy(true)
    setError(null)
    try {
      if (on) await subscribeDevice()
      else await unsubscribeDevice()
      setSubscribed(on)
    } catch (thrown) {
      setSupport(pushSupport())
      setError(thrown)
    } finally {
      setBusy(false)
      void refreshAfterWrite(queryClient, { kind: 'push.devices.changed' })
    }
  }

  // This browser removed from the list: it drops its own subscription too, so that turning it on again subscribes afresh.
  const onRemoved = (device: PushDevice) => {
    if (!device.current) return
    setSubscribed(false)
    void unsubscribeDevice({ tellServer: false }).catch((thrown: unknown) =>
      console.warn('Could not drop the subscription', thrown),
    )
  }

  return (
    <div className="flex flex-col gap-4">
      {support === 'unsupported' && (
        <p className="text-stone-700">
          {i18n._({
            id: 'profile.push.unsupported',
            message:
              'This browser cannot show notifications from {siteName}. Open {siteName} in a browser that supports them, or install it as an app.',
            values: { siteName },
          })}
        </p>
      )}
      {support === 'denied' && (
        <p className="text-stone-700">
          {i18n._({
            id: 'profile.push.denied',
            message:
              'Notifications are blocked for {siteName} in this browser. Allow them in the browser’s site settings to turn them on here.',
            values: { siteName },
          })}
        </p>
      )}
      {support === 'available' && (
        <div className="flex items-center gap-3">
          <Checkbox
            label={i18n._({ id: 'profile.push.thisDevice', message: 'Notify me on this device' })}
            checked={subscribed === true}
            disabled={subscribed === null || busy || !online}
            onChange={(event) => void toggleDevice(event.target.checked)}
          />
          {busy && <Spinner size="sm" label={i18n._({ id: 'profile.push.working', message: 'Working…' })} />}
        </div>
      )}
      <FormError error={error} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium text-stone-800">
          {i18n._({ id: 'profile.push.tellMeAbout', message: 'Tell me about' })}
        </legend>
        {preferences.isPending && preferences.fetchStatus !== 'paused' && (
          <Spinner size="sm" label={i18n._({ id: 'profile.push.loading', message: 'Loading your choices…' })} />
        )}
        {preferences.data &&
          pushKinds().map(({ kind, label }) => (
            <Checkbox
              key={kind}
              label={label}
              checked={preferences.data[kind]}
              disabled={!online || setPreferences.isPending}
              onChange={(event) => setPreferences.mutate({ [kind]: event.target.checked })}
            />
          ))}
        <FormError error={preferences.error ?? setPreferences.error} />
      </fieldset>
      {devices.data && <PushDevicesList devices={devices.data.items} onRemoved={onRemoved} />}
      {devices.isError && !devices.data && (
        <p className="text-sm text-stone-600">
          {i18n._({ id: 'profile.push.devicesLoadError', message: 'Could not load the devices that get notifications.' })}
        </p>
      )}
    </div>
  )
}
