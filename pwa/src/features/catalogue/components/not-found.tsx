import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'

/** A category or product the server does not know (404), with the way back to all categories. */
export function NotFound({ title, children }: { title: string; children: ReactNode }) {
  const i18n = useI18n()
  return (
    <EmptyState
      title={title}
      action={
        <Link to={paths.categories} className={buttonClasses()}>
          {i18n._({ id: 'catalogue.seeAllCategories', message: 'See all categories' })}
        </Link>
      }
    >
      {children}
    </EmptyState>
  )
}
