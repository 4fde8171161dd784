// Stub so the router compiles: the feature's owner replaces it with the screen.
import { useParams } from 'react-router-dom'
import { PageHeader } from '@/components/page-header'

export function ProductRoute() {
  const { id } = useParams()
  return <PageHeader title={`Product ${id ?? ''}`} />
}
