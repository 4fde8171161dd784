import { describe, expect, it } from 'vitest'
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
