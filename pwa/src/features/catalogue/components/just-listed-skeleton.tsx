import { CardSkeletonList } from '@/components/skeleton'
import { cn } from '@/lib/cn'
import { productGridClasses } from './product-grid'

/** Placeholder cards in the Just listed grid while a page of it loads. */
export function JustListedSkeleton({ className }: { className?: string }) {
  return <CardSkeletonList count={6} label="Loading the newest listings…" className={cn(productGridClasses, className)} />
}
