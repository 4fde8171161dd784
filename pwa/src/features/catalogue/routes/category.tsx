// Stub so the router compiles: the feature's owner replaces it with the screen.
import { useParams } from 'react-router-dom'
import { PageHeader } from '@/components/page-header'

export function CategoryRoute() {
  const { name = '' } = useParams()
  return <PageHeader title={name} />
}
