import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Avatar } from '@/components/avatar'
import { Button } from '@/components/button'
import { Checkbox, Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { imageTypes } from '@/components/image-field'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import type { User } from '@/lib/types'
import { uploadImage } from '@/lib/upload-image'
import { useObjectUrl } from '@/lib/use-object-url'
import { useUpdateProfile } from '../api/update-profile'

interface DetailsForm {
  name: string
  phone: string
  location: string
  show_phone: boolean
  /** A new picture, uploaded on Save; none keeps the current one. */
  image: FileList | null
}

const serverFields = ['name', 'phone', 'location', 'image', 'show_phone'] as const

function valuesOf(user: User): DetailsForm {
  return { name: user.name, phone: user.phone, location: user.location, show_phone: !!user.show_phone, image: null }
}

/**
 * Name, phone, location, picture, and whether listings show their phone to
 * everyone; the email is shown, and changed in its own section.
 */
export function ProfileDetailsForm({ user }: { user: User }) {
  const i18n = useI18n()
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  const online = useOnline()
  const update = useUpdateProfile()
  // The account the page first shows may be the copy kept on the device
  // from before the last change: when the server's arrives, the form
  // follows it, but for the fields the person is typing in.
  const values = useMemo(() => valuesOf(user), [user])
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DetailsForm>({ values, resetOptions: { keepDirtyValues: true } })
  const [formError, setFormError] = useState<unknown>(null)
  const name = watch('name')
  const chosen = watch('image')?.[0]
  const preview = useObjectUrl(chosen)

  const onSubmit = handleSubmit(async ({ image, ...details }) => {
    setFormError(null)
    let saved: User
    try {
      const picture = image?.[0] ? (await uploadImage(image[0])).url : undefined
      saved = await update.mutateAsync({
        name: details.name.trim(),
        phone: details.phone.trim(),
        location: details.location.trim(),
        show_phone: details.show_phone,
        ...(picture ? { image: picture } : {}),
      })
    } catch (failure) {
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, serverFields)))
      return
    }
    toast.success(i18n._({ id: 'profile.details.saved', message: 'Your details are saved' }))
    reset(valuesOf(saved))
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field
        label={i18n._({ id: 'profile.details.email', message: 'Email address' })}
        hint={i18n._({ id: 'profile.details.emailHint', message: 'Change it under Email, below.' })}
      >
        {(control) => <Input type="email" readOnly value={user.email} {...control} />}
      </Field>
      <Field label={i18n._({ id: 'profile.details.name', message: 'Name' })} error={errors.name?.message}>
        {(control) => <Input autoComplete="name" {...control} {...register('name', required)} />}
      </Field>
      <Field label={i18n._({ id: 'profile.details.phone', message: 'Phone (optional)' })} error={errors.phone?.message}>
        {(control) => <Input type="tel" autoComplete="tel" {...control} {...register('phone')} />}
      </Field>
      {user.role === 'Seller' && (
        <div className="flex flex-col gap-1">
          <Checkbox
            label={i18n._({ id: 'profile.details.showPhone', message: 'Show my phone on my listings' })}
            aria-describedby="show-phone-hint"
            {...register('show_phone')}
          />
          <p id="show-phone-hint" className="text-sm text-stone-600">
            {i18n._({
              id: 'profile.details.showPhoneHint',
              message:
                'Everyone signed in then sees the phone of your listings. Otherwise only buyers who book one see it; anyone can message you.',
            })}
          </p>
        </div>
      )}
      <Field label={i18n._({ id: 'profile.details.location', message: 'Location (optional)' })} error={errors.location?.message}>
        {(control) => <Input autoComplete="address-level2" {...control} {...register('location')} />}
      </Field>
      <div className="flex items-start gap-4">
        <Avatar
          name={name || user.name}
          src={preview ?? (user.image || undefined)}
          label={
            preview
              ? i18n._({ id: 'profile.details.picturePreview', message: 'Preview of the chosen picture' })
              : user.image
                ? i18n._({ id: 'profile.details.picture', message: 'Your picture' })
                : i18n._({ id: 'profile.details.initials', message: 'Your initials, shown while there is no picture' })
          }
          size={64}
          className="mt-8"
        />
        <Field
          label={i18n._({ id: 'profile.details.pictureLabel', message: 'Picture (optional)' })}
          error={errors.image?.message}
          hint={i18n._({
            id: 'profile.details.pictureHint',
            message: 'JPEG, PNG, GIF or WebP, up to 10 MB. Without a new one, your picture stays.',
          })}
          className="min-w-0 flex-1"
        >
          {(control) => <Input type="file" accept={imageTypes} {...control} {...register('image')} />}
        </Field>
      </div>
      <FormError error={formError} />
      <OfflineReason action={i18n._({ id: 'profile.details.offlineAction', message: 'saving your details' })} />
      <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
        {i18n._({ id: 'profile.details.save', message: 'Save' })}
      </Button>
    </form>
  )
}
