import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { maxPhotos } from '@/lib/api/contract.gen'
import { useUser } from '@/lib/auth'
import { paths } from '@/lib/paths'
import type { User } from '@/lib/types'
import { useCreateProduct } from '../api/create-product'
import { newProductOf, type Listing } from '../components/listing'
import { ProductForm } from '../components/product-form'

export function AddProductRoute() {
  const { user } = useUser()
  return (
    <>
      <PageHeader
        title="Add Product"
        description={`List something for sale: a name, a photo, where it is and its price are all it needs; add up to ${maxPhotos} photos.`}
      />
      {user ? <AddProduct seller={user} /> : <PageSpinner />}
    </>
  )
}

function AddProduct({ seller }: { seller: User }) {
  const navigate = useNavigate()
  const create = useCreateProduct()
  const save = async (listing: Listing) => {
    await create.mutateAsync(newProductOf(listing))
    toast.success('Product added successfully')
    await navigate(paths.myProducts(seller.email))
  }
  return <ProductForm seller={seller} submitLabel="Add Product" save={save} />
}
