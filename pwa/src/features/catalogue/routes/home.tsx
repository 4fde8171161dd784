// Stub so the router compiles: the feature's owner replaces it with the screen.
import { PageHeader } from '@/components/page-header'

export function HomeRoute() {
  return <PageHeader title="Rehome" />
}
