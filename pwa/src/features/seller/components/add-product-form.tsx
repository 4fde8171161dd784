import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { Button } from '@/components/button'
import { Field, Input, Select, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { ImageField } from '@/components/image-field'
import { OfflineReason } from '@/components/offline-state'
import { errorMessage } from '@/lib/api'
import { useCategories } from '@/lib/categories'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { paths } from '@/lib/paths'
import { useFormSubmission } from '@/lib/server-field-errors'
import { conditions, type Condition, type Image, type User } from '@/lib/types'
import { useCreateProduct } from '../api/create-product'
import { useSellerVerified } from '../api/get-seller-verified'
import { useImageUpload } from '../hooks/use-image-upload'

interface ProductForm {
  category: string
  product: string
  description: string
  image: File
  condition: Condition
  location: string
  resale_price: string
  original_price: string
  purchase_year: string
  use_period: string
  seller_phone: string
}

/** Form fields the server may name in a 422 answer. */
const serverFields = [
  'category',
  'product',
  'description',
  'image',
  'condition',
  'location',
  'resale_price',
  'original_price',
  'purchase_year',
  'use_period',
  'seller_phone',
] as const

/** The spec's Add Product form (section 5). Seller name, verified state and email come from the account. */
export function AddProductForm({ seller }: { seller: User }) {
  const online = useOnline()
  const navigate = useNavigate()
  const categories = useCategories()
  const verified = useSellerVerified(seller.email)
  const create = useCreateProduct()
  const upload = useImageUpload()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductForm>({
    defaultValues: {
      category: '',
      product: '',
      description: '',
      condition: 'Excellent',
      location: '',
      resale_price: '',
      original_price: '',
      purchase_year: '',
      use_period: '',
      seller_phone: seller.phone,
    },
  })
  const submission = useFormSubmission(setError, serverFields)

  const onSubmit = handleSubmit(async ({ image: chosen, ...values }) => {
    submission.clear()
    let image: Image
    try {
      image = await upload.ensure(chosen)
    } catch (error) {
      setError('image', { type: 'server', message: errorMessage(error) }, { shouldFocus: true })
      return
    }
    if (!(await submission.send(() => create.mutateAsync({ ...values, image: image.url })))) return
    toast.success('Product added successfully')
    await navigate(paths.myProducts(seller.email))
  })

  const isVerified = verified.data ?? seller.verified
  const verifiedText = isVerified === undefined ? 'Checking…' : isVerified ? 'Verified' : 'Not verified'
  const uploadError = upload.state.status === 'failed' ? errorMessage(upload.state.error) : undefined
  const uploadStatus = { idle: '', uploading: 'Uploading the picture…', done: 'Picture uploaded.', failed: '' }[
    upload.state.status
  ]

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-5 sm:grid-cols-2">
      <Field
        label="Category"
        error={errors.category?.message}
        hint={
          categories.isError ? (
            <span className="text-red-700">
              Could not load the categories.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void categories.refetch()}>
                Retry
              </button>
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <Select {...control} {...register('category', required)}>
            <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
            {categories.data?.items.map((category) => (
              <option key={category.id} value={category.name}>
                {category.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Product name" error={errors.product?.message}>
        {(control) => <Input maxLength={120} {...control} {...register('product', required)} />}
      </Field>
      <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
        {(control) => <Textarea maxLength={5000} {...control} {...register('description', required)} />}
      </Field>
      <ImageField control={control} name="image" onChoose={upload.start} error={uploadError} className="sm:col-span-2" />
      <p aria-live="polite" className="-mt-3 text-sm text-stone-600 empty:hidden sm:col-span-2">
        {uploadStatus}
      </p>
      <Field label="Condition" error={errors.condition?.message}>
        {(control) => (
          <Select {...control} {...register('condition', required)}>
            {conditions.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Location" error={errors.location?.message}>
        {(control) => <Input maxLength={200} {...control} {...register('location', required)} />}
      </Field>
      <Field label="Resale price" error={errors.resale_price?.message} hint="In dollars, such as 120 or 120.50.">
        {(control) => <Input inputMode="decimal" {...control} {...register('resale_price', required)} />}
      </Field>
      <Field label="Original price" error={errors.original_price?.message} hint="In dollars, what you paid new.">
        {(control) => <Input inputMode="decimal" {...control} {...register('original_price', required)} />}
      </Field>
      <Field label="Purchase year" error={errors.purchase_year?.message} hint="Such as 2019.">
        {(control) => <Input inputMode="numeric" maxLength={4} {...control} {...register('purchase_year', required)} />}
      </Field>
      <Field label="Use period" error={errors.use_period?.message} hint="Such as 3 years.">
        {(control) => <Input {...control} {...register('use_period', required)} />}
      </Field>
      <Field label="Seller name" hint="From your account.">
        {(control) => <Input readOnly value={seller.name} {...control} />}
      </Field>
      <Field label="Seller verified" hint="An admin verifies sellers.">
        {(control) => <Input readOnly value={verifiedText} {...control} />}
      </Field>
      <Field label="Seller email" hint="From your account.">
        {(control) => <Input type="email" readOnly value={seller.email} {...control} />}
      </Field>
      <Field label="Seller phone" error={errors.seller_phone?.message} hint="Buyers call this number.">
        {(control) => <Input type="tel" autoComplete="tel" {...control} {...register('seller_phone', required)} />}
      </Field>
      <div className="flex flex-col gap-4 sm:col-span-2">
        <FormError error={submission.error} />
        <OfflineReason action="adding a product" />
        <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
          Add Product
        </Button>
      </div>
    </form>
  )
}
