import { afterEach, describe, expect, it, vi } from 'vitest'
import { handoverCheck, surelyNotTheCode } from './handover-check'

describe('the handover check', () => {
  afterEach(() => vi.unstubAllGlobals())

  // The same vectors as the server's TestHandoverCheckOf (app/handover_test.go).
  it('is what the server computes', async () => {
    expect(await handoverCheck(42, '123456')).toBe(165)
    expect(await handoverCheck(7, '000000')).toBe(38)
  })

  it('tells a mistyped code, and lets the right one through', async () => {
    const booking = { id: 42, handover_check: 165 }
    expect(await surelyNotTheCode(booking, '123456')).toBe(false)
    expect(await surelyNotTheCode(booking, '123465')).toBe(true)
  })

  it('lets every code through where it cannot tell', async () => {
    expect(await surelyNotTheCode({ id: 42 }, '999999')).toBe(false)
    vi.stubGlobal('crypto', {})
    expect(await handoverCheck(42, '123456')).toBeUndefined()
    expect(await surelyNotTheCode({ id: 42, handover_check: 165 }, '999999')).toBe(false)
  })
})
