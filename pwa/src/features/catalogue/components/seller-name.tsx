import { VerifiedBadge } from '@/components/verified-badge'

/** The seller's name with the badge when the account is verified. */
export function SellerName({ name, verified }: { name: string; verified: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {name}
      {verified && <VerifiedBadge />}
    </span>
  )
}
