import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { useDocumentTitle } from '@/lib/use-document-title'

interface PageHeaderProps {
  /** The screen's <h1>, also used for the tab title. */
  title: string
  description?: ReactNode
  /** Buttons or links shown beside the title on wide screens. */
  actions?: ReactNode
  className?: string
}

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  useDocumentTitle(title)
  return (
    <div className={cn('mb-6 flex flex-wrap items-end justify-between gap-4', className)}>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-stone-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </div>
  )
}
