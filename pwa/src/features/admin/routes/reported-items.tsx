// Stub so the router compiles: the feature's owner replaces it with the screen.
import { PageHeader } from '@/components/page-header'

export function ReportedItemsRoute() {
  return <PageHeader title="Reported Items" />
}
