import { useState } from 'react'
import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Avatar } from '@/components/avatar'
import { Button } from '@/components/button'
import { Checkbox, Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { imageTypes } from '@/components/image-field'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { applyServerFieldErrors, unplacedError } from '@/lib/server-field-errors'
import type { RegistrationRole } from '@/lib/types'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useObjectUrl } from '@/lib/use-object-url'
import { checkPassword, emailMessage, isEmailAddress, minPasswordLength } from '../account-rules'
import { useRegister } from '../api/register'
import { AuthCard } from '../components/auth-card'
import { GoogleButton } from '../components/google-button'
import { RoleChoice } from '../components/role-choice'
import { originFrom } from '../origin'

export interface RegisterForm {
  name: string
  image: FileList | null
  email: string
  role: RegistrationRole
  password: string
}

/** The fields the server may name in its answer; each message goes under its own. */
const serverFields = ['name', 'image', 'email', 'role', 'password'] as const

export function RegisterRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const title = i18n._({ id: 'register.title', message: 'Register' })
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  useDocumentTitle(title)
  const navigate = useNavigate()
  const location = useLocation()
  const signUp = useRegister()
  const [formError, setFormError] = useState<unknown>(null)
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<RegisterForm>({ defaultValues: { name: '', image: null, email: '', role: 'Buyer', password: '' } })

  const name = watch('name')
  const picture = watch('image')?.[0]
  const preview = useObjectUrl(picture)

  const onSubmit = handleSubmit(async ({ image, email, ...rest }) => {
    setFormError(null)
    try {
      await signUp.mutateAsync({ ...rest, email: email.trim(), image: image?.[0] })
    } catch (failure) {
      setFormError(unplacedError(failure, applyServerFieldErrors(failure, setError, serverFields)))
      return
    }
    toast.success(i18n._({ id: 'register.created', message: 'User created successfully' }))
    // Back where they were, as after logging in (a product they wanted to book).
    await navigate(originFrom(location.state), { replace: true })
  })

  return (
    <AuthCard
      title={title}
      footer={
        <Trans
          id="register.haveAccount"
          message="Already have an account? <0>Log In</0>"
          components={{ 0: <Link to={paths.login} state={location.state} className="font-semibold" /> }}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field label={i18n._({ id: 'register.name', message: 'Name' })} error={errors.name?.message}>
          {(control) => <Input autoComplete="name" {...control} {...register('name', required)} />}
        </Field>
        <div className="flex items-start gap-4">
          <Avatar
            name={name}
            src={preview}
            label={
              preview
                ? i18n._({ id: 'register.picturePreview', message: 'Preview of the chosen picture' })
                : i18n._({ id: 'register.initials', message: 'Your initials, shown while there is no picture' })
            }
            size={64}
            className="mt-8"
          />
          <Field
            label={i18n._({ id: 'register.image', message: 'Image (optional)' })}
            error={errors.image?.message}
            hint={i18n._({
              id: 'register.imageHint',
              message: 'JPEG, PNG, GIF or WebP, up to 10 MB. Without one, your initials are shown.',
            })}
            className="min-w-0 flex-1"
          >
            {(control) => <Input type="file" accept={imageTypes} {...control} {...register('image')} />}
          </Field>
        </div>
        <Field label={i18n._({ id: 'register.email', message: 'Email address' })} error={errors.email?.message}>
          {(control) => (
            <Input
              type="email"
              autoComplete="email"
              {...control}
              {...register('email', {
                ...required,
                validate: (value) => isEmailAddress(value) || emailMessage(),
              })}
            />
          )}
        </Field>
        <RoleChoice register={register('role', required)} error={errors.role?.message} />
        <Field
          label={i18n._({ id: 'register.password', message: 'Password' })}
          error={errors.password?.message}
          hint={i18n._({
            id: 'account.passwordHint',
            message: 'At least {count} characters.',
            values: { count: minPasswordLength },
          })}
        >
          {(control) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('password', { ...required, validate: checkPassword })}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label={i18n._({ id: 'login.rememberMe', message: 'Remember me' })} name="remember" />
          <Link to={paths.forgotPassword} className="inline-flex min-h-11 items-center text-sm">
            {i18n._({ id: 'register.forgotPassword', message: 'Forgot your password?' })}
          </Link>
        </div>
        <OfflineReason action={i18n._({ id: 'register.offlineAction', message: 'registering' })} />
        <Button type="submit" disabled={!online} isLoading={signUp.isPending} className="w-full">
          {title}
        </Button>
        <FormError error={formError} />
        <GoogleButton
          label={i18n._({ id: 'register.google', message: 'Register with google' })}
          next={originFrom(location.state)}
        />
      </form>
    </AuthCard>
  )
}
