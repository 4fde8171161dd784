import { cn } from '@/lib/cn'

/** The Rehome mark: a sofa under a roof (the favicon, public/favicon.svg, is the same drawing). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width="32" height="32" className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M32 10 8 30h6v22h36V30h6z" fill="#f0fdfa" />
      <path d="M19 38a3 3 0 0 1 6 0v2h14v-2a3 3 0 0 1 6 0v9H19z" fill="#0f766e" />
      <rect x="24" y="31" width="16" height="8" rx="2" fill="#14b8a6" />
      <rect x="20" y="47" width="3" height="3" fill="#0f766e" />
      <rect x="41" y="47" width="3" height="3" fill="#0f766e" />
    </svg>
  )
}
