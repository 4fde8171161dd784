import { act, render, screen } from '@testing-library/react'
import toast from 'react-hot-toast'
import { describe, expect, it } from 'vitest'
import { AppToaster, maxVisibleToasts, toastOptions } from './toaster'

describe('toaster', () => {
  it("uses the spec's durations", () => {
    expect(toastOptions.duration).toBe(4000)
    expect(toastOptions.success?.duration).toBe(2000)
    expect(toastOptions.loading?.duration).toBe(Infinity)
  })

  it('shows at most 20 toasts, dropping the oldest', async () => {
    render(<AppToaster />)
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`Toast ${i}`)
    })
    expect(await screen.findByText('Toast 25')).toBeInTheDocument()
    expect(screen.getAllByText(/^Toast \d+$/).length).toBeLessThanOrEqual(maxVisibleToasts)
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument()
  })
})
