import type { MutateOptions } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import toast from 'react-hot-toast'
import { describe, expect, it, vi } from 'vitest'
import { useConfirmedAction } from './use-confirmed-action'

function fakeMutation(outcome: 'success' | Error) {
  return {
    isPending: false,
    mutate: vi.fn((id: number, options?: MutateOptions<unknown, unknown, number>) => {
      const context = { client: undefined as never, meta: undefined }
      if (outcome === 'success') options?.onSuccess?.(undefined, id, undefined, context)
      else options?.onError?.(outcome, id, undefined, context)
      options?.onSettled?.(undefined, outcome === 'success' ? null : outcome, id, undefined, context)
    }),
  }
}

describe('useConfirmedAction', () => {
  it('opens on ask, runs the mutation on confirm, toasts and closes', () => {
    const success = vi.spyOn(toast, 'success')
    const mutation = fakeMutation('success')
    const { result } = renderHook(() =>
      useConfirmedAction({ mutation, variables: (row: { id: number }) => row.id, success: 'Deleted successfully' }),
    )
    expect(result.current.dialog.open).toBe(false)
    act(() => result.current.ask({ id: 7 }))
    expect(result.current.dialog.open).toBe(true)
    expect(result.current.target).toEqual({ id: 7 })
    act(() => result.current.dialog.onConfirm())
    expect(mutation.mutate).toHaveBeenCalledWith(7, expect.anything())
    expect(success).toHaveBeenCalledWith('Deleted successfully')
    expect(result.current.dialog.open).toBe(false)
  })

  it("toasts the server's error, and does nothing when cancelled", () => {
    const error = vi.spyOn(toast, 'error')
    const mutation = fakeMutation(new Error('Not allowed'))
    const { result } = renderHook(() =>
      useConfirmedAction({ mutation, variables: (row: { id: number }) => row.id, success: 'Deleted successfully' }),
    )
    act(() => result.current.ask({ id: 7 }))
    act(() => result.current.dialog.onCancel())
    expect(mutation.mutate).not.toHaveBeenCalled()
    act(() => result.current.ask({ id: 7 }))
    act(() => result.current.dialog.onConfirm())
    expect(error).toHaveBeenCalledWith('Not allowed')
    expect(result.current.target).toBeNull()
  })
})
