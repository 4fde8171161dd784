import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { applyServerFieldErrors } from '@/lib/server-field-errors'
import { useObjectUrl } from '@/lib/use-object-url'
import { useCreateCategory } from '../api/create-category'

interface CategoryForm {
  name: string
  image: FileList
}

export function AddCategoryRoute() {
  const online = useOnline()
  const create = useCreateCategory()
  const [file, setFile] = useState<File>()
  const preview = useObjectUrl(file)
  const [submitError, setSubmitError] = useState<unknown>(null)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryForm>({ defaultValues: { name: '' } })
  const imageInput = useRef<HTMLInputElement | null>(null)
  const imageField = register('image', {
    ...required,
    onChange: (event: { target: HTMLInputElement }) => setFile(event.target.files?.[0]),
  })

  const onSubmit = handleSubmit(async ({ name, image }) => {
    setSubmitError(null)
    const chosen = image[0]
    if (!chosen) return
    try {
      await create.mutateAsync({ name: name.trim(), image: chosen })
    } catch (error) {
      setSubmitError(applyServerFieldErrors(error, setError, ['name', 'image']))
      return
    }
    toast.success('Category added successfully')
    reset()
    // Not every browser empties a file input on form reset.
    if (imageInput.current) imageInput.current.value = ''
    setFile(undefined)
  })

  return (
    <>
      <PageHeader title="Add Category" description="Categories group the products on the home page." />
      <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-5">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input autoComplete="off" {...control} {...register('name', required)} />}
        </Field>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field
            label="Image"
            error={errors.image?.message}
            hint="JPEG, PNG, GIF or WebP, up to 10 MB."
            className="flex-1"
          >
            {(control) => (
              <Input
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                {...control}
                {...imageField}
                ref={(element) => {
                  imageField.ref(element)
                  imageInput.current = element
                }}
              />
            )}
          </Field>
          {preview && (
            <img
              src={preview}
              alt="Preview of the chosen picture"
              width={128}
              height={128}
              className="size-32 shrink-0 rounded-lg border border-stone-200 bg-stone-100 object-cover"
            />
          )}
        </div>
        <FormError error={submitError} />
        <OfflineReason action="adding a category" />
        <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
          Add Category
        </Button>
      </form>
    </>
  )
}
