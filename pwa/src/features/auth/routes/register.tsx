import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Button } from '@/components/button'
import { Checkbox, Field, Input, Select } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { paths } from '@/lib/paths'
import { registrationRoles, type RegistrationRole } from '@/lib/types'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRegister } from '../api/register'
import { AuthCard } from '../components/auth-card'
import { GoogleButton } from '../components/google-button'
import { originFrom } from '../origin'

interface RegisterForm {
  name: string
  image: FileList
  email: string
  role: RegistrationRole
  password: string
}

export function RegisterRoute() {
  const online = useOnline()
  useDocumentTitle('Register')
  const navigate = useNavigate()
  const location = useLocation()
  const signUp = useRegister()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterForm>({ defaultValues: { name: '', email: '', role: 'Buyer', password: '' } })

  const onSubmit = handleSubmit(({ image, ...rest }) =>
    signUp.mutate(
      { ...rest, image: image[0] as File },
      {
        onSuccess: async () => {
          toast.success('User created successfully')
          await navigate('/')
        },
      },
    ),
  )

  return (
    <AuthCard
      title="Register"
      footer={
        <>
          Already have an account? <Link to={paths.login} className="font-semibold">Log In</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input autoComplete="name" {...control} {...register('name', required)} />}
        </Field>
        <Field label="Image" error={errors.image?.message} hint="JPEG, PNG, GIF or WebP, up to 10 MB.">
          {(control) => (
            <Input type="file" accept="image/jpeg,image/png,image/gif,image/webp" {...control} {...register('image', required)} />
          )}
        </Field>
        <Field label="Email address" error={errors.email?.message}>
          {(control) => <Input type="email" autoComplete="email" {...control} {...register('email', required)} />}
        </Field>
        <Field label="Select User">
          {(control) => (
            <Select {...control} {...register('role')}>
              {registrationRoles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Password" error={errors.password?.message} hint="At least 8 characters.">
          {(control) => (
            <Input type="password" autoComplete="new-password" {...control} {...register('password', required)} />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label="Remember me" name="remember" />
          <Link to="/" className="inline-flex min-h-11 items-center text-sm">
            Forgot your password?
          </Link>
        </div>
        <OfflineReason action="registering" />
        <Button type="submit" disabled={!online} isLoading={signUp.isPending} className="w-full">
          Register
        </Button>
        <FormError error={signUp.error} />
        <GoogleButton label="Register with google" next={originFrom(location.state)} />
      </form>
    </AuthCard>
  )
}
