import { act } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from './i18n'
import { amountMessage, checkAmount, decimalSeparator, fromDecimalPoint, toDecimalPoint } from './decimal'

describe('decimal amounts', () => {
  it('knows each locale’s separator', () => {
    expect(decimalSeparator('de-DE')).toBe(',')
    expect(decimalSeparator('fr-FR')).toBe(',')
    expect(decimalSeparator('en-US')).toBe('.')
  })

  it('turns a decimal comma into a point where the locale writes one', () => {
    expect(toDecimalPoint('150,50', 'de-DE')).toBe('150.50')
    expect(toDecimalPoint(' 0,5 ', 'fr-FR')).toBe('0.5')
    expect(toDecimalPoint('150.50', 'de-DE')).toBe('150.50')
    expect(toDecimalPoint('150', 'de-DE')).toBe('150')
  })

  it('leaves a second separator and digit grouping for the checks to refuse, never reading 905 for "90,5"', () => {
    for (const typed of ['90.5.1', '9,0,5', '1.234,5', '1,234.5']) {
      expect(toDecimalPoint(typed, 'de-DE')).toBe(typed)
      expect(toDecimalPoint(typed, 'en-US')).toBe(typed)
    }
    expect(toDecimalPoint('90,5', 'de-DE')).toBe('90.5')
    expect(toDecimalPoint('90.5', 'en-US')).toBe('90.5')
    expect(fromDecimalPoint('90.5', 'fr-FR')).toBe('90,5')
  })

  it('leaves a comma alone where the locale writes a point', () => {
    expect(toDecimalPoint('150,50', 'en-US')).toBe('150,50')
    expect(checkAmount('150,50', 'en-US')).toBe('Enter an amount such as 120 or 120.50')
    expect(checkAmount('1,500', 'en-US')).not.toBe(true)
  })

  it('checks amounts as the server does', () => {
    expect(checkAmount('150,50', 'de-DE')).toBe(true)
    expect(checkAmount('150.5', 'en-US')).toBe(true)
    expect(checkAmount('', 'en-US')).toBe(true)
    expect(checkAmount('1,234', 'de-DE')).toBe('Enter an amount such as 120 or 120,50')
    expect(checkAmount('-5', 'en-US')).not.toBe(true)
    expect(checkAmount('$120', 'en-US')).not.toBe(true)
    expect(checkAmount('1.2.3', 'en-US')).not.toBe(true)
    expect(amountMessage('de-DE')).toBe('Enter an amount such as 120 or 120,50')
  })

  it('writes a number back as the viewer writes it', () => {
    expect(fromDecimalPoint(120.5, 'de-DE')).toBe('120,5')
    expect(fromDecimalPoint(120.5, 'en-US')).toBe('120.5')
    expect(fromDecimalPoint(120, 'de-DE')).toBe('120')
  })
})

describe('decimal amounts in the app’s language', () => {
  it('follows the app’s language, not the browser’s', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    expect(decimalSeparator()).toBe('.')
    expect(checkAmount('150,50')).toBe('Enter an amount such as 120 or 120.50')
    await act(() => setLanguage('de'))
    expect(decimalSeparator()).toBe(',')
    expect(toDecimalPoint('150,50')).toBe('150.50')
    expect(checkAmount('150,50')).toBe(true)
    expect(fromDecimalPoint(150.5)).toBe('150,5')
    expect(checkAmount('150,505')).toBe('Gib einen Betrag wie 120 oder 120,50 ein')
    await act(() => setLanguage('fr'))
    expect(toDecimalPoint('0,5')).toBe('0.5')
    expect(checkAmount('abc')).toBe('Saisissez un montant, par exemple 120 ou 120,50')
  })
})
