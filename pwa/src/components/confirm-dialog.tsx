import type { ReactNode } from 'react'
import { useI18n } from '@/lib/i18n'
import { Button } from './button'
import { Dialog } from './dialog'

interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  message?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  /** 'danger' for deletions (the default), 'primary' otherwise. */
  tone?: 'danger' | 'primary'
  /** Spins the confirm button, e.g. while the mutation runs. */
  isPending?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 *   <ConfirmDialog open={target !== null} title="Delete this user?"
 *     confirmLabel="Delete" isPending={remove.isPending}
 *     onConfirm={() => remove.mutate(target.id)} onCancel={() => setTarget(null)} />
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const i18n = useI18n()
  return (
    <Dialog open={open} onClose={onCancel} title={title} showCloseButton={false} closeOnBackdrop={!isPending}>
      {message && <div className="text-stone-700">{message}</div>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {cancelLabel ?? i18n._({ id: 'common.cancel', message: 'Cancel' })}
        </Button>
        <Button variant={tone} onClick={onConfirm} isLoading={isPending}>
          {confirmLabel ?? i18n._({ id: 'common.confirm', message: 'Confirm' })}
        </Button>
      </div>
    </Dialog>
  )
}
