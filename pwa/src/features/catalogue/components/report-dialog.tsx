import { Trans } from '@lingui/react'
import { ReportDialog as Report } from '@/components/report-dialog'
import { useI18n } from '@/lib/i18n'

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
  const i18n = useI18n()
  return (
    <Report title={i18n._({ id: 'product.report.title', message: 'Report this product?' })} {...props}>
      <p>
        <Trans
          id="product.report.body"
          message="An admin will look at <0>{productName}</0> and remove it if it breaks the rules."
          values={{ productName }}
          components={{ 0: <strong /> }}
        />
      </p>
    </Report>
  )
}
