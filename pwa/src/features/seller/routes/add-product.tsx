import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { maxPhotos } from '@/lib/api/contract.gen'
import { useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import type { User } from '@/lib/types'
import { useCreateProduct } from '../api/create-product'
import { newProductOf, type Listing } from '../components/listing'
import { ProductForm } from '../components/product-form'

export function AddProductRoute() {
  const i18n = useI18n()
  const { user } = useUser()
  return (
    <>
      <PageHeader
        title={i18n._({ id: 'sell.add.title', message: 'Add Product' })}
        description={i18n._({
          id: 'sell.add.description',
          message:
            'List something for sale: a name, a photo, where it is and its price are all it needs; add up to {max} photos.',
          values: { max: maxPhotos },
        })}
      />
      {user ? <AddProduct seller={user} /> : <PageSpinner />}
    </>
  )
}

function AddProduct({ seller }: { seller: User }) {
  const i18n = useI18n()
  const navigate = useNavigate()
  const create = useCreateProduct()
  const save = async (listing: Listing) => {
    await create.mutateAsync(newProductOf(listing))
    toast.success(i18n._({ id: 'sell.add.done', message: 'Product added successfully' }))
    await navigate(paths.myProducts(seller.email))
  }
  return <ProductForm seller={seller} submitLabel={i18n._({ id: 'sell.add.title', message: 'Add Product' })} save={save} />
}
