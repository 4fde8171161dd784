import { describe, expect, it, vi } from 'vitest'

describe('the toaster', () => {
  it('is wanted once the page has settled, or sooner when a toast must show at once', async () => {
    let settle = () => {}
    vi.doMock('./page-settled', () => ({ whenPageSettled: () => new Promise<void>((resolve) => (settle = resolve)) }))
    const { wantToaster, whenToasterWanted } = await import('./toaster-wanted')
    const wanted = vi.fn()
    void whenToasterWanted().then(wanted)
    await Promise.resolve()
    expect(wanted).not.toHaveBeenCalled()
    wantToaster()
    await vi.waitFor(() => expect(wanted).toHaveBeenCalled())

    vi.resetModules()
    const later = await import('./toaster-wanted')
    const settled = vi.fn()
    void later.whenToasterWanted().then(settled)
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    settle()
    await vi.waitFor(() => expect(settled).toHaveBeenCalled())
    vi.doUnmock('./page-settled')
  })
})
