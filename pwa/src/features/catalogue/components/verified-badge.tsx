import { cn } from '@/lib/cn'

/** The tick beside a verified seller's name; screen readers hear "Verified seller". */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <svg
      role="img"
      aria-label="Verified seller"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      className={cn('inline-block size-5 shrink-0 text-sky-600', className)}
    >
      <title>Verified seller</title>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="m6 10.5 2.6 2.6L14 7.6" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** The seller's name with the tick when the account is verified. */
export function SellerName({ name, verified }: { name: string; verified: boolean }) {
  return (
    <span className="inline-flex items-center gap-1">
      {name}
      {verified && <VerifiedBadge />}
    </span>
  )
}
