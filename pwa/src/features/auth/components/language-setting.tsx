import { useId } from 'react'
import toast from 'react-hot-toast'
import { Select } from '@/components/field'
import { FormError } from '@/components/form-error'
import { useOnline } from '@/lib/connectivity'
import { isLocale, localeNames, locales, setLanguage, useI18n, useLocale } from '@/lib/i18n'
import type { User } from '@/lib/types'
import { useUpdateProfile } from '../api/update-profile'

/**
 * The language the app speaks to this person, kept on their account (so it
 * follows them to every device, and the server writes to them in it): saved
 * as soon as it is picked, and shown at once.
 */
export function LanguageSetting({ user }: { user: User }) {
  const i18n = useI18n()
  const active = useLocale()
  const online = useOnline()
  const update = useUpdateProfile()
  const id = useId()
  const hintId = `${id}-hint`
  // Until the person picks one, the language the app chose for them.
  const chosen = isLocale(user.language) ? user.language : active

  const onChange = (value: string) => {
    if (!isLocale(value) || value === chosen) return
    update.mutate(
      { language: value },
      {
        onSuccess: async () => {
          await setLanguage(value)
          // Said in the language just picked, now active.
          toast.success(i18n._({ id: 'profile.language.saved', message: 'Your language is saved' }))
        },
      },
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-medium text-stone-800">
          {i18n._({ id: 'profile.language.label', message: 'Language of the app' })}
        </label>
        <Select
          id={id}
          aria-describedby={hintId}
          value={chosen}
          disabled={!online || update.isPending}
          onChange={(event) => onChange(event.target.value)}
          className="sm:max-w-xs"
        >
          {locales.map((locale) => (
            // Each in its own language, so whoever reads it finds theirs.
            <option key={locale} value={locale} lang={locale}>
              {localeNames[locale]}
            </option>
          ))}
        </Select>
        <p id={hintId} className="text-sm text-stone-600">
          {i18n._({
            id: 'profile.language.hint',
            message: 'Saved on your account, so every device where you sign in speaks it.',
          })}
        </p>
      </div>
      <FormError error={update.error} />
    </div>
  )
}
