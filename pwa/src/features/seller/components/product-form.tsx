import { Trans } from '@lingui/react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/button'
import { Field, Input, Select, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { conditionLabel } from '@/components/labels'
import { OfflineReason } from '@/components/offline-state'
import { PhotosField } from '@/components/photos-field'
import {
  maxDescriptionLength,
  maxLocationLength,
  maxPhotos,
  maxProductNameLength,
  maxUsePeriodLength,
} from '@/lib/api/contract.gen'
import { useCategories } from '@/lib/categories'
import { useOnline } from '@/lib/connectivity'
import { checkAmount, decimalSeparator } from '@/lib/decimal'
import { i18n as appI18n, useI18n } from '@/lib/i18n'
import { useFormSubmission } from '@/lib/server-field-errors'
import { conditions, type Product, type User } from '@/lib/types'
import { useSellerVerified } from '../api/get-seller-verified'
import { usePhotoUploads, type StoredPhoto } from '../hooks/use-photo-uploads'
import {
  checkDimension,
  checkYear,
  dimensionFields,
  formValuesOf,
  type DimensionField,
  type Listing,
  type ProductFormValues,
} from './listing'

/** Form fields the server may name in a 422 answer. */
const serverFields = [
  'category',
  'product',
  'description',
  'images',
  'dimensions',
  'condition',
  'location',
  'resale_price',
  'original_price',
  'purchase_year',
  'use_period',
  'seller_phone',
] as const

function phoneHint(): string {
  const i18n = appI18n
  return i18n._({
    id: 'sell.form.phoneHint',
    message:
      'Messages are how buyers reach you. A phone given here is shown to buyers who book it, and to everyone signed in if your profile says “Show my phone on my listings”.',
  })
}

/** A measure's label, in the language shown now. */
function dimensionLabel(name: DimensionField): string {
  const i18n = appI18n
  switch (name) {
    case 'width_cm':
      return i18n._({ id: 'sell.form.width', message: 'Width (cm)' })
    case 'depth_cm':
      return i18n._({ id: 'sell.form.depth', message: 'Depth (cm)' })
    case 'height_cm':
      return i18n._({ id: 'sell.form.height', message: 'Height (cm)' })
  }
}

/** A product's stored photos, the cover first. */
function storedPhotos(product: Product | undefined): StoredPhoto[] {
  if (!product) return []
  const images = product.images?.length ? product.images : [product.image]
  return images.map((url, i) => ({ url, thumb: product.thumbs?.[i] ?? '' }))
}

interface ProductFormProps {
  seller: User
  /** The product being edited: the form starts from it. Without one, a new product. */
  product?: Product
  submitLabel: string
  /** Sends the filled-in form; a thrown server error is shown on its fields. Answers whether to go on. */
  save: (listing: Listing) => Promise<unknown>
}

/**
 * The product form of Add Product and Edit: the spec's fields, several photos
 * (uploaded as soon as chosen) and optional measures. Only what a buyer needs
 * to decide is required (name, category, photo, condition, location, price);
 * prices are typed with the viewer's decimal separator. Seller name, verified
 * state and email come from the account.
 */
export function ProductForm({ seller, product, submitLabel, save }: ProductFormProps) {
  const i18n = useI18n()
  const requiredMessage = i18n._({ id: 'form.required', message: 'This field is required' })
  const required = { required: requiredMessage }
  const online = useOnline()
  const categories = useCategories()
  const verified = useSellerVerified(seller.email)
  const photos = usePhotoUploads(storedPhotos(product))
  const editing = product !== undefined
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues: formValuesOf(product, seller.phone) })
  const submission = useFormSubmission(setError, serverFields)
  // The photos are not a form value; the form only checks there are some
  // (register() takes this render's validate, so it counts the photos shown).
  const photosInput = register('images', { validate: () => photos.photos.length > 0 || requiredMessage })

  const onSubmit = handleSubmit(async (values) => {
    submission.clear()
    const settled = await photos.settled()
    const failed = settled.filter((photo) => photo.status === 'failed')
    if (failed.length > 0) {
      const message = failed.some((photo) => photo.retryable)
        ? i18n._({ id: 'sell.form.photosFailedRetry', message: 'Some photos could not be uploaded: remove them or try again.' })
        : i18n._({ id: 'sell.form.photosFailed', message: 'Some photos could not be uploaded: remove them.' })
      setError('images', { type: 'upload', message }, { shouldFocus: true })
      return
    }
    const images = settled.flatMap((photo) => (photo.url ? [photo.url] : []))
    if (images.length === 0) {
      setError('images', { type: 'required', message: requiredMessage }, { shouldFocus: true })
      return
    }
    await submission.send(() => save({ values, images }))
  })

  // The product's own category is there before the list has loaded (or if it was renamed),
  // keyed by name so the chosen option stays the same element.
  const categoryNames = [
    ...new Set([...(categories.data?.items.map((c) => c.name) ?? []), ...(product ? [product.category] : [])]),
  ]
  const isVerified = verified.data ?? seller.verified
  const verifiedText =
    isVerified === undefined
      ? i18n._({ id: 'sell.form.checking', message: 'Checking…' })
      : isVerified
        ? i18n._({ id: 'sell.form.verified', message: 'Verified' })
        : i18n._({ id: 'sell.form.notVerified', message: 'Not verified' })
  const separator = decimalSeparator()

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-5 sm:grid-cols-2">
      <Field
        label={i18n._({ id: 'sell.form.category', message: 'Category' })}
        error={errors.category?.message}
        hint={
          categories.isError ? (
            <span className="text-red-700">
              <Trans
                id="sell.form.categoriesError"
                message="Could not load the categories. <0>Retry</0>"
                components={{
                  0: <button type="button" className="font-semibold underline" onClick={() => void categories.refetch()} />,
                }}
              />
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <Select {...control} {...register('category', required)}>
            <option value="">
              {categories.isPending
                ? i18n._({ id: 'sell.form.loadingCategories', message: 'Loading categories…' })
                : i18n._({ id: 'sell.form.chooseCategory', message: 'Choose a category' })}
            </option>
            {categoryNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={i18n._({ id: 'sell.form.name', message: 'Product name' })} error={errors.product?.message}>
        {(control) => <Input maxLength={maxProductNameLength} {...control} {...register('product', required)} />}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.description', message: 'Description (optional)' })}
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(control) => <Textarea maxLength={maxDescriptionLength} {...control} {...register('description')} />}
      </Field>
      <PhotosField
        className="sm:col-span-2"
        photos={photos.photos}
        max={maxPhotos}
        skipped={photos.skipped}
        inputRef={photosInput.ref}
        error={errors.images?.message}
        onAdd={(files) => {
          clearErrors('images')
          photos.add(files)
        }}
        onRemove={(key) => {
          clearErrors('images')
          photos.remove(key)
        }}
        onMove={photos.move}
        onRetry={(key) => {
          clearErrors('images')
          photos.retry(key)
        }}
      />
      <Field label={i18n._({ id: 'sell.form.condition', message: 'Condition' })} error={errors.condition?.message}>
        {(control) => (
          <Select {...control} {...register('condition', required)}>
            {conditions.map((condition) => (
              <option key={condition} value={condition}>
                {conditionLabel(condition)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={i18n._({ id: 'sell.form.location', message: 'Location' })} error={errors.location?.message}>
        {(control) => <Input maxLength={maxLocationLength} {...control} {...register('location', required)} />}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.resalePrice', message: 'Resale price' })}
        error={errors.resale_price?.message}
        hint={i18n._({
          id: 'sell.form.resalePriceHint',
          message: 'In dollars, such as 120 or 120{separator}50.',
          values: { separator },
        })}
      >
        {(control) => (
          <Input
            inputMode="decimal"
            {...control}
            {...register('resale_price', { ...required, validate: (value) => checkAmount(value) })}
          />
        )}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.originalPrice', message: 'Original price (optional)' })}
        error={errors.original_price?.message}
        hint={i18n._({ id: 'sell.form.originalPriceHint', message: 'In dollars, what you paid new.' })}
      >
        {(control) => (
          <Input inputMode="decimal" {...control} {...register('original_price', { validate: (value) => checkAmount(value) })} />
        )}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.purchaseYear', message: 'Purchase year (optional)' })}
        error={errors.purchase_year?.message}
        hint={i18n._({ id: 'sell.form.purchaseYearHint', message: 'Such as 2019.' })}
      >
        {(control) => (
          <Input
            inputMode="numeric"
            maxLength={4}
            {...control}
            {...register('purchase_year', { validate: (value) => checkYear(value) })}
          />
        )}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.usePeriod', message: 'Use period (optional)' })}
        error={errors.use_period?.message}
        hint={i18n._({ id: 'sell.form.usePeriodHint', message: 'Such as 3 years.' })}
      >
        {(control) => <Input maxLength={maxUsePeriodLength} {...control} {...register('use_period')} />}
      </Field>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="font-medium text-stone-800">
          {i18n._({ id: 'sell.form.dimensions', message: 'Dimensions (optional)' })}
        </legend>
        <p className="text-sm text-stone-600">
          {i18n._({ id: 'sell.form.dimensionsHint', message: 'The outer measures in centimetres; give the ones you know.' })}
        </p>
        <div className="grid grid-cols-3 gap-3">
          {dimensionFields.map(({ name }) => (
            <Field key={name} label={dimensionLabel(name)} error={errors[name]?.message}>
              {(control) => (
                // Text, not type="number": that reads "90,5" by the browser's language (905 in English), not the app's.
                <Input inputMode="decimal" {...control} {...register(name, { validate: checkDimension })} />
              )}
            </Field>
          ))}
        </div>
        {errors.dimensions?.message && <p className="text-sm font-medium text-red-700">{errors.dimensions.message}</p>}
      </fieldset>
      <Field
        label={i18n._({ id: 'sell.form.sellerName', message: 'Seller name' })}
        hint={i18n._({ id: 'sell.form.fromAccount', message: 'From your account.' })}
      >
        {(control) => <Input readOnly value={seller.name} {...control} />}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.sellerVerified', message: 'Seller verified' })}
        hint={i18n._({ id: 'sell.form.sellerVerifiedHint', message: 'An admin verifies sellers.' })}
      >
        {(control) => <Input readOnly value={verifiedText} {...control} />}
      </Field>
      <Field
        label={i18n._({ id: 'sell.form.sellerEmail', message: 'Seller email' })}
        hint={i18n._({ id: 'sell.form.fromAccount', message: 'From your account.' })}
      >
        {(control) => <Input type="email" readOnly value={seller.email} {...control} />}
      </Field>
      {editing ? (
        <Field
          label={i18n._({ id: 'sell.form.phone', message: 'Phone for this listing' })}
          hint={
            product.seller_phone
              ? phoneHint()
              : i18n._({ id: 'sell.form.noPhone', message: 'None: buyers reach you by message.' })
          }
        >
          {(control) => <Input type="tel" readOnly value={product.seller_phone ?? ''} {...control} />}
        </Field>
      ) : (
        <Field
          label={i18n._({ id: 'sell.form.phoneOptional', message: 'Phone for this listing (optional)' })}
          error={errors.seller_phone?.message}
          hint={phoneHint()}
        >
          {(control) => <Input type="tel" autoComplete="tel" {...control} {...register('seller_phone')} />}
        </Field>
      )}
      <div className="flex flex-col gap-4 sm:col-span-2">
        <FormError error={submission.error} />
        <OfflineReason
          action={
            editing
              ? i18n._({ id: 'sell.form.saveOfflineAction', message: 'saving your changes' })
              : i18n._({ id: 'sell.form.addOfflineAction', message: 'adding a product' })
          }
        />
        <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
