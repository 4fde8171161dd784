import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { UpdateBanner } from './update-banner'

describe('UpdateBanner', () => {
  it('says a new version is available and reloads only when asked', async () => {
    const onReload = vi.fn()
    const onDismiss = vi.fn()
    const user = userEvent.setup()
    render(<UpdateBanner onReload={onReload} onDismiss={onDismiss} />)
    expect(screen.getByRole('region', { name: 'Update' })).toHaveTextContent('A new version is available')
    expect(onReload).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Later' }))
    expect(onDismiss).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onReload).toHaveBeenCalledOnce()
  })
})
