import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { categories, list, makeProducts } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { SearchRoute, type ResultCardProps } from './search'

function Card({ product }: ResultCardProps) {
  return <article>{product.product}</article>
}

const routes = [{ path: '/search', element: <SearchRoute Card={Card} /> }]

describe('Search in German', () => {
  it('shows the heading, count, filters and chips in German, and no English', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/products': () => json(list(makeProducts(3))),
    })
    await setLanguage('de')
    renderRoutes(routes, '/search?q=eiche&condition=Good&location=Riverside&max_width_cm=90')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ergebnisse für „eiche“' })).toBeInTheDocument()
    expect(await screen.findByText('3 Ergebnisse')).toBeInTheDocument()
    const filters = screen.getByRole('complementary', { name: 'Filter' })
    expect(within(filters).getByLabelText('Kategorie')).toBeInTheDocument()
    expect(within(filters).getByLabelText('Höchstpreis')).toBeInTheDocument()
    expect(within(filters).getByRole('checkbox', { name: 'Gut' })).toBeChecked()
    expect(within(filters).getByRole('button', { name: 'Filter anwenden' })).toBeInTheDocument()
    expect(screen.getByLabelText('Sortieren nach')).toHaveDisplayValue('Relevanz')
    const chips = screen.getByRole('list', { name: 'Aktive Filter' })
    expect(within(chips).getByRole('button', { name: 'In der Nähe von Riverside: diesen Filter entfernen' })).toBeInTheDocument()
    expect(
      within(chips).getByRole('button', { name: 'Passt in 90 × beliebig × beliebig cm: diesen Filter entfernen' }),
    ).toBeInTheDocument()
    expect(within(chips).getByRole('button', { name: 'Alle entfernen' })).toBeInTheDocument()
    for (const text of ['Category', 'Max price', 'Apply filters', 'Sort by', '3 results', 'Clear all']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })

  it('offers the suggested spelling and says nothing matched, in German', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/products': () => json({ ...list([]), suggestion: 'tisch' }),
    })
    await setLanguage('de')
    renderRoutes(routes, '/search?q=tsich')
    expect(await screen.findByText('Keine Angebote passen zu deiner Suche')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Meintest du tisch?' })).toHaveAttribute('href', '/search?q=tisch')
    expect(screen.getByText('Keine Ergebnisse')).toBeInTheDocument()
  })

  it('names the filter the server refused, in German', async () => {
    // The server writes its own words in the person's language; the app names the filter.
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/products': () => apiError(422, 'Ungültige Filter', { max_width_cm: 'Gib Zentimeter über 0 an' }),
    })
    await setLanguage('de')
    renderRoutes(routes, '/search?max_width_cm=abc')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Breite: Gib Zentimeter über 0 an')
    expect(within(alert).getByRole('button', { name: 'Filter ändern' })).toBeInTheDocument()
  })

  it('catches a wrong measure as it is typed, in German', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/products': () => json(list(makeProducts(1))),
    })
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/search')
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle Angebote' })).toBeInTheDocument()
    const filters = screen.getByRole('complementary', { name: 'Filter' })
    await user.type(within(filters).getByLabelText('Höhe'), '0')
    expect(within(filters).getByLabelText('Höhe')).toHaveAccessibleDescription('Gib Zentimeter über 0 an')
  })
})
