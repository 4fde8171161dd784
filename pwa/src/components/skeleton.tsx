import { cn } from '@/lib/cn'

/** A grey placeholder block that pulses while its content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none', className)}
    />
  )
}

/** The shape of a card with a 4:3 picture and a few lines, for lists that are loading. */
export function CardSkeleton({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white', className)}
    >
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <Skeleton className="h-5 w-3/4" />
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className={cn('h-4', i % 2 ? 'w-1/2' : 'w-2/3')} />
        ))}
      </div>
    </div>
  )
}

/**
 * Placeholder cards in the list's own grid, announced once as loading.
 *
 *   <CardSkeletonList count={6} label="Loading products…" className="grid grid-cols-2 gap-3" />
 */
export function CardSkeletonList({
  count,
  label,
  lines,
  className,
}: {
  count: number
  label: string
  lines?: number
  className?: string
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} lines={lines} />
      ))}
    </div>
  )
}
