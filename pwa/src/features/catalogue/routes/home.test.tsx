import { QueryClient } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { RehomeDB } from '@/lib/offline/db'
import { maxSavedPages } from '@/lib/offline/saved-rows'
import { apiError, json, mockApi, pending, undocumented, type MockHandler } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { advertisedQueryOptions } from '../api/get-advertised'
import { justListedQueryOptions } from '../api/get-just-listed'
import { autoLoadedPages } from '../components/just-listed-feed'
import type { Category, Product } from '@/testing/fixtures'
import { buyer, categories, deferred, list, makeProduct, makeProducts } from '@/testing/fixtures'
import { HomeRoute } from './home'

const routes = [
  { path: '/', element: <HomeRoute /> },
  { path: '/login', element: <p>login page</p> },
]

const counted = categories.map((category, index) => ({ ...category, count: [12, 1, 0][index] }))

/**
 * A stand-in for IntersectionObserver (jsdom has none): nothing is near the
 * viewport until the test scrolls there with scrollToEnd().
 */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>()
  private readonly elements: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    this.elements.push(element)
    FakeIntersectionObserver.live.add(this)
  }
  unobserve() {}
  takeRecords() {
    return []
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this)
  }
  near() {
    const entries = this.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

/** The end of the feed comes near the viewport. */
function scrollToEnd() {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.live]) observer.near()
  })
}

afterEach(() => FakeIntersectionObserver.live.clear())

/**
 * The server: the categories with their counts, no adverts, someone signed in
 * (or not), and `products` as the newest listings (or `newest` answering).
 */
function serve({
  signedIn = true,
  categoryList = counted,
  categoriesAnswer,
  advertised = [],
  products = makeProducts(3),
  newest,
}: {
  signedIn?: boolean
  categoryList?: Category[]
  categoriesAnswer?: MockHandler<'GET /api/categories'>
  advertised?: Product[]
  products?: Product[]
  newest?: MockHandler<'GET /api/products'>
} = {}) {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  return mockApi({
    'GET /api/auth/me': () => (signedIn ? json(buyer) : apiError(401, 'Sign in first')),
    'GET /api/categories': categoriesAnswer ?? (() => json(list(categoryList))),
    'GET /api/advertised': () => json(list(advertised)),
    'GET /api/products':
      newest ??
      (({ url }) => {
        const offset = Number(url.searchParams.get('offset'))
        const limit = Number(url.searchParams.get('limit'))
        return json(list(products.slice(offset, offset + limit), products.length))
      }),
  })
}

function justListed() {
  return screen.getByRole('heading', { level: 2, name: 'Just listed' }).closest('section')!
}

describe('Home', () => {
  it('has a hero with an Explore link to every category', async () => {
    serve()
    renderRoutes(routes, '/')
    expect(screen.getByRole('heading', { level: 1, name: 'Rehome' })).toBeInTheDocument()
    expect(screen.getByText(/community marketplace for second-hand furniture, appliances and décor/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/categories')
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/categories')
    expect(screen.getByRole('heading', { name: 'Shop Products' })).toBeInTheDocument()
  })

  it('shows the category grid, each card exploring its category', async () => {
    serve()
    renderRoutes(routes, '/')
    expect(await screen.findByRole('link', { name: /^Dining tables\b/ })).toHaveAttribute('href', '/categories/Dining%20tables')
    const image = within(screen.getByRole('link', { name: /^Chairs\b/ })).getByRole('presentation')
    expect(image).toHaveAttribute('src', '/images/chairs-thumb.jpg')
    expect(image).toHaveAttribute('width')
    expect(image).toHaveAttribute('height')
    // The first card's picture is in view as the page opens: fetched at once, first; the others lazily.
    const grid = screen.getByRole('link', { name: /^Dining tables\b/ }).closest('ul')!
    const [first, ...others] = within(grid).getAllByRole('presentation')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    expect(first).not.toHaveAttribute('loading', 'lazy')
    expect(others.length).toBeGreaterThan(0)
    for (const other of others) expect(other).toHaveAttribute('loading', 'lazy')
  })

  it('names each category link by what it shows: the name and how many listings', async () => {
    serve()
    renderRoutes(routes, '/')
    const chairs = await screen.findByRole('link', { name: 'Chairs 12 listings' })
    expect(chairs).toHaveTextContent('12 listings')
    expect(screen.getByRole('link', { name: 'Dining tables 1 listing' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sofas No listings yet' })).toBeInTheDocument()
    expect(within(chairs).getByRole('heading', { level: 3, name: 'Chairs' })).toBeInTheDocument()
  })

  it('shows no count for categories saved before the server counted them', async () => {
    const uncounted = categories.map(({ id, name, image, thumb_url, time }) => ({ id, name, image, thumb_url, time }))
    serve({ categoriesAnswer: () => undocumented(list(uncounted)) })
    renderRoutes(routes, '/')
    const chairs = await screen.findByRole('link', { name: /^Chairs\b/ })
    expect(chairs).not.toHaveTextContent(/listing/)
    expect(chairs).not.toHaveAttribute('aria-describedby')
  })

  it('hides Advertised Products when nothing is advertised', async () => {
    serve()
    const { queryClient } = renderRoutes(routes, '/')
    await screen.findByRole('link', { name: /^Chairs\b/ })
    await waitFor(() => expect(queryClient.getQueryState(advertisedQueryOptions().queryKey)?.status).toBe('success'))
    expect(screen.queryByRole('heading', { name: 'Advertised Products' })).not.toBeInTheDocument()
  })

  it('shows advertised products with price and location, linking to the product', async () => {
    serve({ advertised: [makeProduct({ id: 5, product: 'Walnut sideboard', resale_price: 300, location: 'Shelbyville' })] })
    renderRoutes(routes, '/')
    const section = (await screen.findByRole('heading', { name: 'Advertised Products' })).closest('section')!
    const card = within(section).getByRole('article')
    expect(within(card).getByRole('link', { name: 'Walnut sideboard' })).toHaveAttribute('href', '/products/5')
    expect(within(card).getByRole('img', { name: 'Walnut sideboard' })).toHaveAttribute('src', '/images/chair-5-thumb.jpg')
    expect(card).toHaveTextContent('$300')
    expect(card).toHaveTextContent('Shelbyville')
  })

  it('shows every advertised product, the first ones with the first screen and fetched at once', async () => {
    const advertised = Array.from({ length: 6 }, (_, i) => makeProduct({ id: 20 + i, product: `Lamp no. ${i + 1}` }))
    serve({ advertised })
    renderRoutes(routes, '/')
    const section = (await screen.findByRole('heading', { name: 'Advertised Products' })).closest('section')!
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6))
    const pictures = within(section).getAllByRole('img')
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy', 'lazy'])
  })

  it('says when there are no categories', async () => {
    serve({ categoryList: [] })
    renderRoutes(routes, '/')
    expect(await screen.findByText('No categories yet')).toBeInTheDocument()
  })

  it('offers a retry when the categories fail to load', async () => {
    let calls = 0
    serve({ categoriesAnswer: () => (++calls === 1 ? apiError(500, 'Internal error') : json(list(counted))) })
    const { user } = renderRoutes(routes, '/')
    const section = (await screen.findByRole('heading', { name: 'Categories' })).closest('section')!
    expect(await within(section).findByRole('alert')).toHaveTextContent('Internal error')
    await user.click(within(section).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: /^Chairs\b/ })).toBeInTheDocument()
  })
})

describe('Just listed', () => {
  it('shows the newest listings of every category as cards, asking for the first page', async () => {
    const fetch = serve({
      products: [
        makeProduct({ id: 9, product: 'Velvet sofa', category: 'Sofas', resale_price: 240 }),
        makeProduct({ id: 8, product: 'Oak chair', status: 'Reserved' }),
      ],
    })
    renderRoutes(routes, '/')
    const sofa = await screen.findByRole('link', { name: 'Velvet sofa' })
    expect(sofa).toHaveAttribute('href', '/products/9')
    expect(fetch).toHaveBeenCalledWith('/api/products?sort=newest&limit=24&offset=0', expect.anything())
    const cards = within(justListed()).getAllByRole('article')
    expect(cards).toHaveLength(2)
    // The category page's cards, their names under the section's heading; Book Now is on the product's page.
    expect(within(cards[0]!).getByRole('heading', { level: 3, name: 'Velvet sofa' })).toBeInTheDocument()
    expect(cards[0]).toHaveTextContent('$240')
    expect(cards[0]).toHaveTextContent('Springfield')
    expect(cards[1]).toHaveTextContent('Reserved — join the queue')
    expect(within(cards[0]!).getAllByRole('link')).toHaveLength(1)
    expect(within(cards[0]!).queryByRole('button')).not.toBeInTheDocument()
    expect(within(justListed()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('shows skeleton cards while the first page loads', async () => {
    serve({ newest: () => pending() })
    renderRoutes(routes, '/')
    await screen.findByRole('heading', { level: 2, name: 'Just listed' })
    expect(await within(justListed()).findByRole('status')).toHaveTextContent('Loading the newest listings…')
    expect(within(justListed()).queryAllByRole('article')).toHaveLength(0)
  })

  it('loads the next page as its end scrolls near, until all are shown', async () => {
    const fetch = serve({ products: makeProducts(50) })
    renderRoutes(routes, '/')
    await screen.findByRole('link', { name: 'Oak chair 24' })
    expect(within(justListed()).getAllByRole('article')).toHaveLength(24)
    expect(within(justListed()).getByText('Showing 24 of 50')).toBeInTheDocument()

    scrollToEnd()
    expect(await screen.findByRole('link', { name: 'Oak chair 48' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/products?sort=newest&limit=24&offset=24', expect.anything())
    expect(within(justListed()).getByText('Showing 48 of 50')).toBeInTheDocument()

    scrollToEnd()
    expect(await screen.findByRole('link', { name: 'Oak chair 50' })).toBeInTheDocument()
    expect(within(justListed()).getAllByRole('article')).toHaveLength(50)
    expect(within(justListed()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/products'))).toHaveLength(3)
  })

  it('shows skeleton cards below the loaded ones while the next page loads', async () => {
    let calls = 0
    serve({ newest: () => (++calls === 1 ? json(list(makeProducts(24), 30)) : pending()) })
    renderRoutes(routes, '/')
    await screen.findByRole('link', { name: 'Oak chair 24' })
    scrollToEnd()
    expect((await within(justListed()).findByText('Loading the newest listings…')).closest('[role=status]')).not.toBeNull()
    expect(within(justListed()).getAllByRole('article')).toHaveLength(24)
    expect(within(justListed()).getByRole('button', { name: /Load more/ })).toHaveAttribute('aria-busy', 'true')
  })

  it('loads the next page with the Load more button too (keyboards)', async () => {
    const fetch = serve({ products: makeProducts(30) })
    const { user } = renderRoutes(routes, '/')
    await screen.findByRole('link', { name: 'Oak chair 24' })
    within(justListed()).getByRole('button', { name: 'Load more' }).focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('link', { name: 'Oak chair 30' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/products?sort=newest&limit=24&offset=24', expect.anything())
  })

  it('asks once when Load more is pressed as the end scrolls near', async () => {
    let calls = 0
    const next = deferred()
    const fetch = serve({ newest: () => (++calls === 1 ? json(list(makeProducts(24), 30)) : next.promise) })
    const { user } = renderRoutes(routes, '/')
    await screen.findByRole('link', { name: 'Oak chair 24' })
    await user.click(within(justListed()).getByRole('button', { name: 'Load more' }))
    scrollToEnd()
    next.resolve(json(list(makeProducts(30).slice(24), 30)))
    expect(await screen.findByRole('link', { name: 'Oak chair 30' })).toBeInTheDocument()
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/products'))).toHaveLength(2)
  })

  it('does not retry a failed page on its own; Load more does', async () => {
    let calls = 0
    const fetch = serve({
      newest: ({ url }) => {
        calls++
        const offset = Number(url.searchParams.get('offset'))
        if (calls === 2) return apiError(500, 'Internal error')
        return json(list(makeProducts(30).slice(offset, offset + 24), 30))
      },
    })
    const { user } = renderRoutes(routes, '/')
    await screen.findByRole('link', { name: 'Oak chair 24' })
    scrollToEnd()
    expect(await within(justListed()).findByRole('alert')).toHaveTextContent('Internal error')
    scrollToEnd()
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/products'))).toHaveLength(2)
    await user.click(within(justListed()).getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Oak chair 30' })).toBeInTheDocument()
  })

  it('offers a retry when the first page fails', async () => {
    let calls = 0
    serve({ newest: () => (++calls === 1 ? apiError(500, 'Internal error') : json(list(makeProducts(2)))) })
    const { user } = renderRoutes(routes, '/')
    await screen.findByRole('heading', { level: 2, name: 'Just listed' })
    expect(await within(justListed()).findByRole('alert')).toHaveTextContent('Could not load the newest listings')
    await user.click(within(justListed()).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Oak chair 2' })).toBeInTheDocument()
  })

  it('says so when nothing is for sale', async () => {
    serve({ products: [] })
    renderRoutes(routes, '/')
    await screen.findByRole('heading', { level: 2, name: 'Just listed' })
    expect(await within(justListed()).findByText('Nothing for sale yet')).toBeInTheDocument()
  })

  it('asks a signed-out visitor to log in, and fetches no listings', async () => {
    const fetch = serve({ signedIn: false })
    renderRoutes(routes, '/')
    await screen.findByRole('heading', { level: 2, name: 'Just listed' })
    expect(within(justListed()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    await screen.findByRole('link', { name: /^Chairs\b/ })
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/products'))).toBe(false)
  })

  // Six pages of cards take jsdom several seconds to draw (12 s on a loaded
  // machine), more than a test's usual 10 s.
  it(
    'loads five pages on its own, then only with Load more (the foot of the page stays reachable); the first five are kept on the device',
    { timeout: 30_000 },
    async () => {
      expect(autoLoadedPages).toBe(maxSavedPages)
      const fetch = serve({ products: makeProducts(24 * (autoLoadedPages + 1) + 1) })
      const { queryClient, offline, user } = renderRoutes(routes, '/')
      offline.saveQueries(queryClient)
      await screen.findByRole('link', { name: 'Oak chair 24' })
      for (let page = 2; page <= autoLoadedPages; page++) {
        scrollToEnd()
        expect(await screen.findByRole('link', { name: `Oak chair ${24 * page}` })).toBeInTheDocument()
      }
      const asked = () => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/products')).length
      expect(asked()).toBe(autoLoadedPages)
      scrollToEnd()
      expect(asked()).toBe(autoLoadedPages)
      await user.click(within(justListed()).getByRole('button', { name: 'Load more' }))
      expect(await screen.findByRole('link', { name: `Oak chair ${24 * (autoLoadedPages + 1)}` })).toBeInTheDocument()
      await offline.whenSaved()

      const { queryKey } = justListedQueryOptions()
      const db = new RehomeDB(offline.databaseName)
      const [row] = await db.queries.filter((saved) => saved.group === 'just-listed').toArray()
      db.close()
      expect(row?.key).toEqual(queryKey)
      expect(row?.scope).toBe('public')

      const next = new QueryClient()
      await offline.restoreQueries(next)
      const saved = next.getQueryData(queryKey)
      expect(saved?.pages).toHaveLength(maxSavedPages)
      expect(saved?.pageParams).toEqual([0, 24, 48, 72, 96])
      await offline.close()
    },
  )
})

describe('Home in German', () => {
  it('shows its headings, hero, category counts and newest listings in German, and no English', async () => {
    serve({ products: makeProducts(3).map((product) => ({ ...product, status: 'Reserved' as const })) })
    await setLanguage('de')
    renderRoutes(routes, '/')
    expect(screen.getByText('Gute Dinge verdienen ein zweites Zuhause.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Kategorien' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Entdecken' })).toHaveAttribute('href', '/categories')
    expect(screen.getByRole('heading', { name: 'Artikel entdecken' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Jetzt stöbern' })).toHaveAttribute('href', '/categories')
    // Counts in the plural forms of German: 12, 1, none.
    expect(await screen.findByText('12 Angebote')).toBeInTheDocument()
    expect(screen.getByText('1 Angebot')).toBeInTheDocument()
    expect(screen.getByText('Noch keine Angebote')).toBeInTheDocument()
    const feed = (await screen.findByRole('heading', { level: 2, name: 'Neu eingestellt' })).closest('section')!
    expect(await within(feed).findAllByText('Reserviert – in die Warteschlange')).toHaveLength(3)
    expect(within(feed).getAllByText('Standort')[0]).toBeInTheDocument()
    for (const text of ['Categories', 'Just listed', 'Shop Products', 'Shop now', 'Explore', '12 listings', 'No listings yet']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })
})
