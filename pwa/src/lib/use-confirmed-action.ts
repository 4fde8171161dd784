import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { errorMessage } from './api'

/** A mutation's outcome as toasts: the given message once the server has done it, its error otherwise. */
export function toastOutcome(success: string) {
  return {
    onSuccess: () => void toast.success(success),
    onError: (error: unknown) => void toast.error(errorMessage(error)),
  }
}

interface ConfirmedActionOptions<T, V> {
  mutation: Pick<UseMutationResult<unknown, unknown, V>, 'mutate' | 'isPending'>
  /** What the mutation is called with for the chosen row. */
  variables: (item: T) => V
  /** The toast once the server has done it. */
  success: string
}

/**
 * An action that asks first (delete, cancel, confirm a payment): ask(row)
 * opens the ConfirmDialog, its confirm button runs the mutation, the outcome
 * is toasted and the dialog closes once the server has answered.
 *
 *   const deletion = useConfirmedAction({ mutation: useDeleteBuyer(), variables: (b: User) => b.id,
 *     success: 'Deleted successfully' })
 *   <Button onClick={() => deletion.ask(buyer)}>Delete</Button>
 *   <ConfirmDialog {...deletion.dialog} title="Delete this buyer?" message={deletion.target && ...} />
 */
export function useConfirmedAction<T, V>({ mutation, variables, success }: ConfirmedActionOptions<T, V>) {
  const [target, setTarget] = useState<T | null>(null)
  const close = () => setTarget(null)
  const confirm = () => {
    if (target === null) return
    mutation.mutate(variables(target), { ...toastOutcome(success), onSettled: close })
  }
  return {
    /** The row waiting for confirmation, or null. */
    target,
    ask: (item: T) => setTarget(item),
    /** Props for the ConfirmDialog. */
    dialog: { open: target !== null, isPending: mutation.isPending, onConfirm: confirm, onCancel: close },
  }
}
