import { ReportDialog as Report } from '@/components/report-dialog'

interface ReportDialogProps {
  open: boolean
  productName: string
  onCancel: () => void
  onConfirm: (reason: string) => void
  isPending: boolean
  /** A failure other than the ones answered with a toast. */
  error: unknown
}

/** Asks before reporting a listing, with an optional reason for the admins. */
export function ReportDialog({ productName, ...props }: ReportDialogProps) {
  return (
    <Report title="Report this product?" {...props}>
      <p>
        An admin will look at <strong>{productName}</strong> and remove it if it breaks the rules.
      </p>
    </Report>
  )
}
