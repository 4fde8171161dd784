import { describe, expect, it } from 'vitest'

import { checkDimension } from './listing'

describe('checkDimension', () => {
  it.each(['', '  ', '180', '90.5', ' 75 ', '.5', '12.', '0.05', '1000', '1000.04'])('accepts %j', (value) => {
    expect(checkDimension(value)).toBe(true)
  })
  it.each(['0', '0.04', '1000.5', '0x1p3', '0x10', '1e2', 'Infinity', 'NaN', '-5', '+5', '12,5', 'deep'])(
    'refuses %j',
    (value) => {
      expect(checkDimension(value)).toBe('Enter a size above 0 and at most 1000 cm')
    },
  )
})
