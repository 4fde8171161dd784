import { useI18n } from '@/lib/i18n'

/** An empty value in a table cell, read out as "none". */
export function None() {
  const i18n = useI18n()
  return (
    <span className="text-stone-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{i18n._({ id: 'admin.none', message: 'none' })}</span>
    </span>
  )
}
