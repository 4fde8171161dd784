import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage, type Locale } from '@/lib/i18n'
import { makeProduct, site } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProductCard } from './product-card'

// This year's 7 December, so that the card leaves the year out.
const posted = `${new Date().getFullYear()}-12-07T10:15:00.000Z`

describe('a product card’s posted date', () => {
  afterEach(() => setLanguage('en'))

  it.each<[Locale, string]>([
    ['de', '7. Dez.'],
    ['fr', '7 déc.'],
    ['en', 'Dec 7'],
  ])('is written as %s writes a day: %s', async (locale, day) => {
    await setLanguage(locale)
    mockApi({ 'GET /api/site': () => json(site) })
    renderRoutes([{ path: '/', element: <ProductCard product={makeProduct({ id: 3, time: posted })} /> }], '/')
    const time = await screen.findByText(day)
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('datetime', posted)
  })
})
