import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from './i18n'
import { reviewedMessage } from './write-review'

describe('the toast once a review is written', () => {
  it('names the other side, in the app’s language', async () => {
    expect(reviewedMessage('buyer')).toBe('Reviewed — shown once the seller reviews too, or in 14 days')
    expect(reviewedMessage('seller')).toBe('Reviewed — shown once the buyer reviews too, or in 14 days')
    await act(() => setLanguage('de'))
    expect(reviewedMessage('seller')).toBe(
      'Bewertet – wird angezeigt, sobald der Käufer ebenfalls bewertet hat, spätestens in 14 Tagen',
    )
  })
})
