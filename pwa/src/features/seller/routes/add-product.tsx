import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { useUser } from '@/lib/auth'
import { AddProductForm } from '../components/add-product-form'

export function AddProductRoute() {
  const { user } = useUser()
  return (
    <>
      <PageHeader title="Add Product" description="List something for sale. Every field is required." />
      {user ? <AddProductForm seller={user} /> : <PageSpinner />}
    </>
  )
}
