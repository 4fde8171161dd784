import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { imageTypes } from '@/components/image-field'
import { OfflineReason } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { CardSkeletonList } from '@/components/skeleton'
import { Thumbnail } from '@/components/thumbnail'
import { useCategories } from '@/lib/categories'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { useFormSubmission } from '@/lib/server-field-errors'
import type { Category } from '@/lib/types'
import { useEditCategory } from '../api/edit-category'

export function EditCategoriesRoute() {
  const i18n = useI18n()
  const query = useCategories()
  const [editing, setEditing] = useState<number | null>(null)

  let body
  if (query.isPending) {
    body = (
      <CardSkeletonList count={3} lines={1} label={i18n._({ id: 'admin.categories.loading', message: 'Loading categories…' })} />
    )
  } else if (query.isError && !query.data) {
    body = (
      <QueryErrorState
        title={i18n._({ id: 'admin.categories.loadError', message: 'Could not load the categories' })}
        query={query}
      />
    )
  } else {
    body = (
      <ul className="flex max-w-2xl flex-col divide-y divide-stone-200">
        {query.data.items.map((category) => (
          <li key={category.id} className="py-4">
            {editing === category.id ? (
              <CategoryForm category={category} onDone={() => setEditing(null)} />
            ) : (
              <div className="flex items-center gap-4">
                <Thumbnail src={category.thumb_url || category.image} alt="" size={48} />
                <span className="min-w-0 flex-1 font-medium wrap-break-word text-stone-800">{category.name}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setEditing(category.id)}
                  aria-label={i18n._({ id: 'admin.categories.edit', message: 'Edit {name}', values: { name: category.name } })}
                >
                  {i18n._({ id: 'admin.categories.editShort', message: 'Edit' })}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    )
  }

  return (
    <>
      <PageHeader
        title={i18n._({ id: 'admin.categories.title', message: 'Categories' })}
        description={i18n._({
          id: 'admin.categories.description',
          message: 'Rename a category or change its picture. Links to a former name lead to the new one.',
        })}
      />
      {body}
    </>
  )
}

interface CategoryFormValues {
  name: string
  image: FileList | null
}

function CategoryForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const i18n = useI18n()
  const online = useOnline()
  const edit = useEditCategory()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormValues>({ defaultValues: { name: category.name, image: null } })
  const submission = useFormSubmission(setError, ['name', 'image'])

  const onSubmit = handleSubmit(async ({ name, image }) => {
    const renamed = name.trim() !== category.name ? name.trim() : undefined
    const picture = image?.[0]
    if (renamed === undefined && !picture) return onDone()
    if (!(await submission.send(() => edit.mutateAsync({ category: category.name, name: renamed, image: picture })))) return
    toast.success(i18n._({ id: 'admin.categories.saved', message: 'Category saved' }))
    onDone()
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={i18n._({ id: 'admin.category.name', message: 'Name' })} error={errors.name?.message}>
        {(control) => (
          <Input
            autoComplete="off"
            {...control}
            {...register('name', { required: i18n._({ id: 'form.required', message: 'This field is required' }) })}
          />
        )}
      </Field>
      <Field
        label={i18n._({ id: 'admin.categories.picture', message: 'New picture' })}
        hint={i18n._({ id: 'admin.categories.picture.hint', message: 'Leave empty to keep the picture it has.' })}
        error={errors.image?.message}
      >
        {(control) => <Input type="file" accept={imageTypes} {...control} {...register('image')} />}
      </Field>
      <FormError error={submission.error} />
      <OfflineReason action={i18n._({ id: 'admin.categories.offlineAction', message: 'changing a category' })} />
      <div className="flex gap-3">
        <Button type="submit" disabled={!online} isLoading={isSubmitting}>
          {i18n._({ id: 'admin.categories.save', message: 'Save' })}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {i18n._({ id: 'admin.categories.cancel', message: 'Cancel' })}
        </Button>
      </div>
    </form>
  )
}
