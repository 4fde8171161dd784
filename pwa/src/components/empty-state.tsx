import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

interface EmptyStateProps {
  /** The spec's wording, e.g. 'You have no orders'. */
  title: ReactNode
  children?: ReactNode
  /** A link or button to move on, e.g. to add the first item. */
  action?: ReactNode
  className?: string
}

export function EmptyState({ title, children, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-10 text-center',
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 text-teal-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path strokeLinecap="round" strokeLinejoin="round" d="M3 11.5 12 4l9 7.5M5 10v10h14V10" />
        <path strokeLinecap="round" strokeLinejoin="round" d="M9 20v-5h6v5" />
      </svg>
      <p className="text-lg font-semibold text-stone-800">{title}</p>
      {children && <div className="text-stone-600">{children}</div>}
      {action}
    </div>
  )
}
