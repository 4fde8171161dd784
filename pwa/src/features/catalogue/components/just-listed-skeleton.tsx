import { CardSkeletonList } from '@/components/skeleton'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { productGridClasses } from './product-grid'

/** Placeholder cards in the Just listed grid while a page of it loads. */
export function JustListedSkeleton({ className }: { className?: string }) {
  const i18n = useI18n()
  return (
    <CardSkeletonList
      count={6}
      label={i18n._({ id: 'home.justListed.loading', message: 'Loading the newest listings…' })}
      className={cn(productGridClasses, className)}
    />
  )
}
