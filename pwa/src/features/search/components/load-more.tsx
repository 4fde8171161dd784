import { useEffect, useRef } from 'react'
import { Button } from '@/components/button'
import { useI18n } from '@/lib/i18n'

interface LoadMoreProps {
  shown: number
  total: number
  onLoadMore: () => void
  isLoading: boolean
}

/**
 * Under a list that has more: the next page loads by itself as this comes
 * near the screen (600 px ahead), and the button does the same for a
 * keyboard, or a browser without IntersectionObserver.
 */
export function LoadMore({ shown, total, onLoadMore, isLoading }: LoadMoreProps) {
  const i18n = useI18n()
  const ref = useRef<HTMLDivElement>(null)
  const load = useRef(onLoadMore)
  const busy = useRef(isLoading)
  useEffect(() => {
    load.current = onLoadMore
    busy.current = isLoading
  })
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !busy.current) load.current()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
    // Observed again after each page: one still in view asks for the next.
  }, [shown])
  return (
    <div ref={ref} className="mt-8 flex flex-col items-center gap-2">
      <p className="text-sm text-stone-600">
        {i18n._({ id: 'common.showingOf', message: 'Showing {shown} of {total}', values: { shown, total } })}
      </p>
      <Button variant="secondary" onClick={onLoadMore} isLoading={isLoading}>
        {i18n._({ id: 'common.loadMore', message: 'Load more' })}
      </Button>
    </div>
  )
}
