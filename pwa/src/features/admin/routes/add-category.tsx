import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { ImageField } from '@/components/image-field'
import { OfflineReason } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { useFormSubmission } from '@/lib/server-field-errors'
import { useCreateCategory } from '../api/create-category'

interface CategoryForm {
  name: string
  image: File
}

export function AddCategoryRoute() {
  const i18n = useI18n()
  const online = useOnline()
  const required = { required: i18n._({ id: 'form.required', message: 'This field is required' }) }
  const create = useCreateCategory()
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryForm>({ defaultValues: { name: '' } })
  const submission = useFormSubmission(setError, ['name', 'image'])

  const onSubmit = handleSubmit(async ({ name, image }) => {
    if (!(await submission.send(() => create.mutateAsync({ name: name.trim(), image })))) return
    toast.success(i18n._({ id: 'admin.category.added', message: 'Category added successfully' }))
    reset()
  })

  return (
    <>
      <PageHeader
        title={i18n._({ id: 'admin.category.title', message: 'Add Category' })}
        description={i18n._({ id: 'admin.category.description', message: 'Categories group the products on the home page.' })}
      />
      <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-5">
        <Field label={i18n._({ id: 'admin.category.name', message: 'Name' })} error={errors.name?.message}>
          {(control) => <Input autoComplete="off" {...control} {...register('name', required)} />}
        </Field>
        <ImageField control={control} name="image" />
        <FormError error={submission.error} />
        <OfflineReason action={i18n._({ id: 'admin.category.offlineAction', message: 'adding a category' })} />
        <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
          {i18n._({ id: 'admin.category.title', message: 'Add Category' })}
        </Button>
      </form>
    </>
  )
}
