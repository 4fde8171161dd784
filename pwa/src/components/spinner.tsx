import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'

interface SpinnerProps {
  /** Read by screen readers; not shown. */
  label?: string
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

const sizes = {
  sm: 'size-4 border-2',
  md: 'size-8 border-4',
  lg: 'size-12 border-4',
}

/** A spinning ring in a live region, announced as "Loading…". */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const i18n = useI18n()
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-teal-200 border-t-teal-700 motion-reduce:animate-none', sizes[size])}
      />
      <span className="sr-only">{label ?? i18n._({ id: 'common.loading', message: 'Loading…' })}</span>
    </span>
  )
}

/** A spinner centred in the content area, for a screen or section that is loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center p-8">
      <Spinner label={label} size="lg" />
    </div>
  )
}
