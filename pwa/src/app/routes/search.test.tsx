import { screen, waitFor, within } from '@testing-library/react'
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { productKeys } from '@/lib/query-keys'
import type { Product } from '@/testing/fixtures'
import { buyer, categories, list, makeProduct, makeProducts, site } from '@/testing/fixtures'
import { apiError, json, mockApi, pending, type MockHandler, type MockRequest } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

/** A server whose search answers `answer(request)`; every request is kept. */
function serve(answer: MockHandler<'GET /api/products'>) {
  const searches: URLSearchParams[] = []
  mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/categories': () => json(list(categories)),
    'GET /api/products': (request) => {
      searches.push(request.url.searchParams)
      return answer(request)
    },
  })
  return searches
}

/** The server's paging of `products`. */
const pages =
  (products: Product[], extra: { suggestion?: string } = {}) =>
  ({ url }: MockRequest<'GET /api/products'>) => {
    const offset = Number(url.searchParams.get('offset'))
    const limit = Number(url.searchParams.get('limit'))
    return json({ ...list(products.slice(offset, offset + limit), products.length), ...extra })
  }

const sidebar = () => screen.getByRole('complementary', { name: 'Filters' })

describe('Search screen', () => {
  // The screen is a lazy chunk: loaded once here, not within the first test's wait.
  beforeAll(() => import('./search'))

  it('shows what the server found for the address, as cards, with the total', async () => {
    const searches = serve(pages(makeProducts(3)))
    await renderApp('/search?q=oak&category=Chairs&condition=Good&max_price=80')
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “oak”' })).toBeInTheDocument()
    expect(await screen.findByText('3 results')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(screen.getAllByRole('button', { name: 'Book Now' })).toHaveLength(3)
    expect(searches[0]?.toString()).toBe('q=oak&category=Chairs&condition=Good&max_price=80&limit=24&offset=0')
    expect(document.title).toBe('Results for “oak” · Rehome')
  })

  it('shows skeleton cards while it searches', async () => {
    serve(() => pending())
    await renderApp('/search?q=oak')
    expect(await screen.findByText('Searching…')).toBeInTheDocument()
  })

  it('offers the spelling the server suggests, keeping the filters', async () => {
    serve(({ url }) =>
      url.searchParams.get('q') === 'tabel' ? json({ ...list([]), suggestion: 'table' }) : json(list(makeProducts(1))),
    )
    const { user, router } = await renderApp('/search?q=tabel&category=Chairs')
    expect(await screen.findByText('No listings match your search')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Did you mean table?' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=table&category=Chairs'))
    expect(await screen.findByText('1 result')).toBeInTheDocument()
  })

  it('pushes a new address for each filter, and Back brings the previous search back', async () => {
    const searches = serve(pages(makeProducts(2)))
    const { user, router } = await renderApp('/search?q=oak')
    await screen.findByText('2 results')
    // A category applies at once.
    await user.selectOptions(within(sidebar()).getByLabelText('Category'), 'Sofas')
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak&category=Sofas'))
    expect(router.state.historyAction).toBe('PUSH')
    // Typed filters with Apply.
    await user.type(within(sidebar()).getByLabelText('Max price'), '150')
    await user.type(within(sidebar()).getByLabelText('Width'), '90')
    await user.click(within(sidebar()).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak&category=Sofas&max_price=150&max_width_cm=90'))
    expect(searches.at(-1)?.toString()).toBe('q=oak&category=Sofas&max_price=150&max_width_cm=90&limit=24&offset=0')
    expect(screen.getByRole('button', { name: 'Fits 90 × any × any cm: remove this filter' })).toBeInTheDocument()

    await act(() => router.navigate(-1))
    expect(router.state.location.search).toBe('?q=oak&category=Sofas')
    await waitFor(() => expect(within(sidebar()).getByLabelText('Max price')).toHaveValue(''))
    expect(within(sidebar()).getByLabelText('Category')).toHaveValue('Sofas')
  })

  it('removes a filter with its chip, and all of them with Clear all', async () => {
    serve(pages(makeProducts(1)))
    const { user, router } = await renderApp('/search?q=oak&category=Chairs&condition=Fair&min_price=10')
    await screen.findByText('1 result')
    const chips = screen.getByRole('list', { name: 'Filters in use' })
    await user.click(within(chips).getByRole('button', { name: /^Fair/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak&category=Chairs&min_price=10'))
    await user.click(within(screen.getByRole('list', { name: 'Filters in use' })).getByRole('button', { name: 'Clear all' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak'))
    expect(screen.queryByRole('list', { name: 'Filters in use' })).not.toBeInTheDocument()
  })

  it('sorts by relevance only when there are words', async () => {
    serve(pages(makeProducts(1)))
    const { user, router } = await renderApp('/search?q=oak')
    await screen.findByText('1 result')
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('relevance')
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Newest', 'Price: low to high', 'Price: high to low'])
    await user.selectOptions(sort, 'Price: low to high')
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak&sort=price_asc'))

    await act(() => router.navigate('/search?category=Chairs'))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest'))
    expect(screen.getByRole('heading', { level: 1, name: 'All listings' })).toBeInTheDocument()
    expect(within(screen.getByRole('combobox', { name: 'Sort by' })).queryByRole('option', { name: 'Relevance' })).toBeNull()
  })

  it("shows the server's complaint about a filter next to its input", async () => {
    serve(() =>
      apiError(422, 'Check the search', {
        max_price: 'Must be at least the lowest price',
        max_width_cm: 'Use centimetres over 0',
      }),
    )
    await renderApp('/search?min_price=50&max_price=20&max_width_cm=-3')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Max price: Must be at least the lowest price')
    expect(alert).toHaveTextContent('Width: Use centimetres over 0')
    const maxPrice = within(sidebar()).getByLabelText('Max price')
    expect(maxPrice).toHaveAttribute('aria-invalid', 'true')
    expect(maxPrice).toHaveAccessibleDescription('Must be at least the lowest price')
    expect(within(sidebar()).getByLabelText('Width')).toHaveAccessibleDescription('Use centimetres over 0')
    expect(within(sidebar()).getByLabelText('Min price')).not.toHaveAttribute('aria-invalid')
  })

  it('names the seller whose listings these are, from the first result', async () => {
    serve(pages([makeProduct({ id: 4, seller: 'Sam Seller', seller_id: 2 })]))
    await renderApp('/search?seller=2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Listings by Sam Seller' })).toBeInTheDocument()
  })

  it('says when nothing matches, with a way to drop the filters', async () => {
    serve(({ url }) => json(list(url.searchParams.has('condition') ? [] : makeProducts(2))))
    const { user, router } = await renderApp('/search?q=oak&condition=Fair')
    expect(await screen.findByText('No listings match your search')).toBeInTheDocument()
    expect(screen.getByText('No results')).toBeInTheDocument()
    await user.click(within(screen.getByRole('region', { name: 'Results' })).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak'))
    expect(await screen.findByText('2 results')).toBeInTheDocument()
  })

  it('loads the next page at the end of the list', async () => {
    const searches = serve(pages(makeProducts(30)))
    const { user } = await renderApp('/search?q=oak')
    expect(await screen.findByText('30 results')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(24)
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30))
    expect(searches.at(-1)?.get('offset')).toBe('24')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('on a phone, the filters open full screen: ticking keeps them open, Apply applies all and closes them', async () => {
    serve(pages(makeProducts(1)))
    const { user, router } = await renderApp('/search?q=oak&condition=Good')
    await screen.findByText('1 result')
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'Excellent' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fair' }))
    expect(within(dialog).getByRole('checkbox', { name: 'Excellent' })).toBeChecked()
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?q=oak&condition=Good')

    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak&condition=Excellent&condition=Good&condition=Fair'))
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument()
  })

  it('catches a bad price or measure as it is typed, and Apply waits until it is put right', async () => {
    const searches = serve(pages(makeProducts(1)))
    const { user, router } = await renderApp('/search?q=oak')
    await screen.findByText('1 result')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    const min = within(dialog).getByLabelText('Min price')
    const max = within(dialog).getByLabelText('Max price')
    const width = within(dialog).getByLabelText('Width')

    await user.type(min, 'abc')
    expect(min).toHaveAttribute('aria-invalid', 'true')
    expect(min).toHaveAccessibleDescription('Use an amount such as 120 or 120.50')
    await user.clear(min)
    await user.type(min, '-5')
    expect(min).toHaveAccessibleDescription('Use an amount of 0 or more')
    await user.clear(min)
    await user.type(min, '200')
    expect(min).not.toHaveAttribute('aria-invalid')
    await user.type(max, '50')
    expect(max).toHaveAccessibleDescription('Must be at least the lowest price')
    await user.type(width, '0')
    expect(width).toHaveAccessibleDescription('Use centimetres over 0')

    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }))
    expect(max).toHaveFocus()
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?q=oak')
    expect(searches).toHaveLength(1)

    await user.clear(max)
    await user.type(max, '250')
    await user.clear(width)
    await user.type(width, '80')
    expect(max).not.toHaveAttribute('aria-invalid')
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=oak&min_price=200&max_price=250&max_width_cm=80'))
  })

  it('offline, searches the listings saved on the device and says so', async () => {
    const saved = [
      makeProduct({ id: 1, product: 'Teal velvet sofa', category: 'Sofas', time: '2026-11-20T10:00:00.000Z' }),
      makeProduct({ id: 2, product: 'Oak chair', category: 'Chairs', time: '2026-11-21T10:00:00.000Z' }),
      makeProduct({ id: 3, product: 'Velvet armchair', category: 'Chairs', time: '2026-11-22T10:00:00.000Z' }),
    ]
    let offline = false
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products': () => {
        throw new TypeError('Failed to fetch')
      },
      'GET /api/categories': () => {
        if (offline) throw new TypeError('Failed to fetch')
        return json(list(categories))
      },
      // Any answer after going offline would say the server is back.
      'GET /api/site': () => {
        if (offline) throw new TypeError('Failed to fetch')
        return json(site)
      },
    })
    const { user, queryClient } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    queryClient.setQueryData(productKeys.category('Sofas'), { pages: [list(saved.slice(0, 1))], pageParams: [0] })
    queryClient.setQueryData(productKeys.category('Chairs'), { pages: [list(saved.slice(1))], pageParams: [0] })
    // The same product twice: counted once.
    queryClient.setQueryData(productKeys.detail(3), saved[2])
    offline = true
    act(() => reportUnreachable())

    await user.type(screen.getByRole('searchbox', { name: 'Search listings' }), 'velvet{Enter}')
    expect(
      await screen.findByText('You are offline — showing matches among 3 listings saved on this device.'),
    ).toBeInTheDocument()
    expect(screen.getByText('2 results')).toBeInTheDocument()
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Velvet armchair',
      'Teal velvet sofa',
    ])
  })

  it('offline with nothing saved, says so', async () => {
    serve(() => pending())
    const { queryClient } = await renderApp('/search?q=sofa')
    expect(await screen.findByText('Searching…')).toBeInTheDocument()
    // Every answer but the search's is in: one coming after the failure below would say the server is back.
    await waitFor(() => expect(queryClient.isFetching()).toBe(1))
    act(() => reportUnreachable())
    expect(
      await screen.findByText('No listings are saved on this device yet. Search again once you are back online.'),
    ).toBeInTheDocument()
  })
})
