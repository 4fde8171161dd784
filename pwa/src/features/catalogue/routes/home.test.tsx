import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { advertisedQueryOptions } from '../api/get-advertised'
import { categories, list, makeProduct } from '@/testing/fixtures'
import { HomeRoute } from './home'

const routes = [{ path: '/', element: <HomeRoute /> }]

describe('Home', () => {
  it('has a hero with an Explore link to every category', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/advertised': () => json(list([])),
    })
    renderRoutes(routes, '/')
    expect(screen.getByRole('heading', { level: 1, name: 'Rehome' })).toBeInTheDocument()
    expect(screen.getByText(/community marketplace for second-hand furniture, appliances and décor/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/categories')
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/categories')
    expect(screen.getByRole('heading', { name: 'Shop Products' })).toBeInTheDocument()
  })

  it('shows the category grid, each card exploring its category', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/advertised': () => json(list([])),
    })
    renderRoutes(routes, '/')
    expect(await screen.findByRole('link', { name: 'Explore Dining tables' })).toHaveAttribute(
      'href',
      '/categories/Dining%20tables',
    )
    const image = screen.getByRole('img', { name: 'Chairs' })
    expect(image).toHaveAttribute('src', '/images/chairs-thumb.jpg')
    expect(image).toHaveAttribute('width')
    expect(image).toHaveAttribute('height')
    // The first card's picture is in view as the page opens: fetched at once, first; the others lazily.
    const grid = screen.getByRole('link', { name: 'Explore Dining tables' }).closest('ul')!
    const [first, ...others] = within(grid).getAllByRole('img')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    expect(first).not.toHaveAttribute('loading', 'lazy')
    expect(others.length).toBeGreaterThan(0)
    for (const other of others) expect(other).toHaveAttribute('loading', 'lazy')
  })

  it('hides Advertised Products when nothing is advertised', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/advertised': () => json(list([])),
    })
    const { queryClient } = renderRoutes(routes, '/')
    await screen.findByRole('link', { name: 'Explore Chairs' })
    await waitFor(() => expect(queryClient.getQueryState(advertisedQueryOptions().queryKey)?.status).toBe('success'))
    expect(screen.queryByRole('heading', { name: 'Advertised Products' })).not.toBeInTheDocument()
  })

  it('shows advertised products with price and location, linking to the product', async () => {
    mockApi({
      'GET /api/categories': () => json(list(categories)),
      'GET /api/advertised': () =>
        json(list([makeProduct({ id: 5, product: 'Walnut sideboard', resale_price: 300, location: 'Shelbyville' })])),
    })
    renderRoutes(routes, '/')
    const section = (await screen.findByRole('heading', { name: 'Advertised Products' })).closest('section')!
    const card = within(section).getByRole('article')
    expect(within(card).getByRole('link', { name: 'Walnut sideboard' })).toHaveAttribute('href', '/products/5')
    expect(within(card).getByRole('img', { name: 'Walnut sideboard' })).toHaveAttribute('src', '/images/chair-5-thumb.jpg')
    expect(card).toHaveTextContent('$300')
    expect(card).toHaveTextContent('Shelbyville')
  })

  it('says when there are no categories', async () => {
    mockApi({
      'GET /api/categories': () => json(list([])),
      'GET /api/advertised': () => json(list([])),
    })
    renderRoutes(routes, '/')
    expect(await screen.findByText('No categories yet')).toBeInTheDocument()
  })

  it('offers a retry when the categories fail to load', async () => {
    let calls = 0
    mockApi({
      'GET /api/categories': () => (++calls === 1 ? apiError(500, 'Internal error') : json(list(categories))),
      'GET /api/advertised': () => json(list([])),
    })
    const { user } = renderRoutes(routes, '/')
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Explore Chairs' })).toBeInTheDocument()
  })
})
