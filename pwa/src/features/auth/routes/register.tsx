import { useState } from 'react'
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
import { required } from '@/lib/form'
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
  const online = useOnline()
  useDocumentTitle('Register')
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
    toast.success('User created successfully')
    // Back where they were, as after logging in (a product they wanted to book).
    await navigate(originFrom(location.state), { replace: true })
  })

  return (
    <AuthCard
      title="Register"
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} state={location.state} className="font-semibold">
            Log In
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input autoComplete="name" {...control} {...register('name', required)} />}
        </Field>
        <div className="flex items-start gap-4">
          <Avatar
            name={name}
            src={preview}
            label={preview ? 'Preview of the chosen picture' : 'Your initials, shown while there is no picture'}
            size={64}
            className="mt-8"
          />
          <Field
            label="Image (optional)"
            error={errors.image?.message}
            hint="JPEG, PNG, GIF or WebP, up to 10 MB. Without one, your initials are shown."
            className="min-w-0 flex-1"
          >
            {(control) => <Input type="file" accept={imageTypes} {...control} {...register('image')} />}
          </Field>
        </div>
        <Field label="Email address" error={errors.email?.message}>
          {(control) => (
            <Input
              type="email"
              autoComplete="email"
              {...control}
              {...register('email', {
                ...required,
                validate: (value) => isEmailAddress(value) || emailMessage,
              })}
            />
          )}
        </Field>
        <RoleChoice register={register('role', required)} error={errors.role?.message} />
        <Field label="Password" error={errors.password?.message} hint={`At least ${minPasswordLength} characters.`}>
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
          <Checkbox label="Remember me" name="remember" />
          <Link to={paths.forgotPassword} className="inline-flex min-h-11 items-center text-sm">
            Forgot your password?
          </Link>
        </div>
        <OfflineReason action="registering" />
        <Button type="submit" disabled={!online} isLoading={signUp.isPending} className="w-full">
          Register
        </Button>
        <FormError error={formError} />
        <GoogleButton label="Register with google" next={originFrom(location.state)} />
      </form>
    </AuthCard>
  )
}
