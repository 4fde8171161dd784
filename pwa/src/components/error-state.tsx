import type { UseQueryResult } from '@tanstack/react-query'
import { errorMessage } from '@/lib/api'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { Button } from './button'

interface ErrorStateProps {
  title?: string
  /** Its message is shown under the title. */
  error?: unknown
  /** Shows a Retry button, e.g. () => query.refetch(). */
  onRetry?: () => void
  isRetrying?: boolean
  className?: string
}

export function ErrorState({ title, error, onRetry, isRetrying, className }: ErrorStateProps) {
  const i18n = useI18n()
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center',
        className,
      )}
    >
      <p className="text-lg font-semibold text-red-800">
        {title ?? i18n._({ id: 'common.couldNotLoad', message: 'Could not load this' })}
      </p>
      {error !== undefined && <p className="text-red-700">{errorMessage(error)}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
          {i18n._({ id: 'common.retry', message: 'Retry' })}
        </Button>
      )}
    </div>
  )
}

interface QueryErrorStateProps {
  title?: string
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isRefetching'>
}

/** A query that failed with nothing to show: its error and a Retry that refetches it. */
export function QueryErrorState({ title, query }: QueryErrorStateProps) {
  return <ErrorState title={title} error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isRefetching} />
}
