import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatPrice } from '@/lib/format'
import { setLanguage } from '@/lib/i18n'
import { list, makeProduct, seller, type Product } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockResponse } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { MyProductsRoute } from './my-products'

const routes = [{ path: '/dashboard/myproducts/:email', element: <MyProductsRoute /> }]
const path = `/dashboard/myproducts/${seller.email}`

describe('My Products', () => {
  it('says so when the seller has no products', async () => {
    const fetch = mockApi({ 'GET /api/myproducts/:email': () => json(list([])) })
    renderRoutes(routes, path)
    expect(screen.getByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument()
    expect(await screen.findByText('You have no products for sale')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/myproducts/sam%40example.com?limit=24&offset=0', expect.anything())
  })

  it('lists name, price, location, category and the real status', async () => {
    mockApi({
      'GET /api/myproducts/:email': () =>
        json(
          list([
            makeProduct({ id: 1, product: 'Oak chair', location: 'Elm Park', category: 'Chairs', resale_price: 45.5 }),
            makeProduct({ id: 2, product: 'Lamp', status: 'Reserved', advertised: true }),
            makeProduct({ id: 3, product: 'Sofa', status: 'Sold' }),
          ]),
        ),
    })
    renderRoutes(routes, path)
    const table = await screen.findByRole('table', { name: 'My products' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product name', 'Price', 'Location', 'Category', 'Status', 'Actions'])
    const [, available, reserved, sold] = within(table).getAllByRole('row')
    expect(available).toHaveTextContent('Oak chair')
    expect(available).toHaveTextContent(formatPrice(45.5))
    expect(available).toHaveTextContent('Elm Park')
    expect(available).toHaveTextContent('Chairs')
    expect(available).toHaveTextContent('Available')
    expect(available).not.toHaveTextContent('Advertised')
    expect(reserved).toHaveTextContent('Reserved')
    expect(reserved).toHaveTextContent('Advertised')
    expect(sold).toHaveTextContent('Sold')
  })

  it('puts Edit first, a link to the edit screen, and offers none for a sold product; the name links to the listing', async () => {
    mockApi({
      'GET /api/myproducts/:email': () =>
        json(list([makeProduct({ id: 4, product: 'Oak chair' }), makeProduct({ id: 5, product: 'Sofa', status: 'Sold' })])),
    })
    renderRoutes(routes, path)
    const table = await screen.findByRole('table', { name: 'My products' })
    const [, available, sold] = within(table).getAllByRole('row')
    const actions = available!.querySelectorAll('a, button')
    expect(Array.from(actions, (action) => action.textContent)).toEqual(['Oak chair', 'Edit', 'Advertise', 'Delete'])
    expect(within(available!).getByRole('link', { name: 'Oak chair' })).toHaveAttribute('href', '/products/4')
    expect(within(sold!).getByRole('link', { name: 'Sofa' })).toHaveAttribute('href', '/products/5')
    expect(within(available!).getByRole('link', { name: 'Edit Oak chair' })).toHaveAttribute('href', '/dashboard/edit-product/4')
    expect(within(sold!).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(within(sold!).getByRole('button', { name: 'Delete Sofa' })).toBeInTheDocument()
  })

  it('says Advertised, disabled, on an advertised product', async () => {
    const fetch = mockApi({
      'GET /api/myproducts/:email': () => json(list([makeProduct({ id: 5, product: 'Oak chair', advertised: true })])),
    })
    const { user } = renderRoutes(routes, path)
    const button = await screen.findByRole('button', { name: 'Oak chair is advertised' })
    expect(button).toHaveTextContent('Advertised')
    expect(button).toBeDisabled()
    await user.click(button)
    expect(fetch).not.toHaveBeenCalledWith('/api/advertised', expect.anything())
  })

  it('shows the advertised toast only after the server accepted (201)', async () => {
    let answer: (response: MockResponse<Product>) => void = () => {}
    const fetch = mockApi({
      'GET /api/myproducts/:email': () => json(list([makeProduct({ id: 5, product: 'Oak chair' })])),
      'POST /api/advertised': () => new Promise<MockResponse<Product>>((resolve) => (answer = resolve)),
    })
    const { user } = renderRoutes(routes, path)
    await user.click(await screen.findByRole('button', { name: 'Advertise Oak chair' }))
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/advertised',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ product_id: 5 }) }),
      ),
    )
    expect(screen.queryByText('Advertised product in homepage')).not.toBeInTheDocument()

    answer(json(makeProduct({ id: 5 }), 201))
    expect(await screen.findByText('Advertised product in homepage')).toBeInTheDocument()
  })

  it("shows the server's 409 message as an error toast, not the success toast", async () => {
    mockApi({
      'GET /api/myproducts/:email': () => json(list([makeProduct({ id: 5, product: 'Oak chair' })])),
      'POST /api/advertised': () => apiError(409, 'This product is already advertised'),
    })
    const { user } = renderRoutes(routes, path)
    await user.click(await screen.findByRole('button', { name: 'Advertise Oak chair' }))
    expect(await screen.findByText('This product is already advertised')).toBeInTheDocument()
    expect(screen.queryByText('Advertised product in homepage')).not.toBeInTheDocument()
  })

  it('does not offer to advertise a sold product, and says why', async () => {
    mockApi({
      'GET /api/myproducts/:email': () => json(list([makeProduct({ id: 5, product: 'Sofa', status: 'Sold' })])),
    })
    renderRoutes(routes, path)
    const advertise = await screen.findByRole('button', { name: 'Advertise Sofa' })
    expect(advertise).toBeDisabled()
    expect(advertise).toHaveAccessibleDescription('Sold products can’t be advertised')
  })

  it('asks for confirmation before deleting, then deletes and says so', async () => {
    let products = [makeProduct({ id: 5, product: 'Oak chair' })]
    const fetch = mockApi({
      'GET /api/myproducts/:email': () => json(list(products)),
      'DELETE /api/products/:id': () => {
        products = []
        return json(null, 204)
      },
    })
    const { user } = renderRoutes(routes, path)
    await user.click(await screen.findByRole('button', { name: 'Delete Oak chair' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' })
    expect(fetch).not.toHaveBeenCalledWith('/api/products/5', expect.anything())

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/products/5', expect.anything())

    await user.click(screen.getByRole('button', { name: 'Delete Oak chair' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/products/5', expect.objectContaining({ method: 'DELETE' }))
    expect(await screen.findByText('You have no products for sale')).toBeInTheDocument()
  })

  it('loads more when the seller has more than a page', async () => {
    const products = Array.from({ length: 26 }, (_, i) => makeProduct({ id: i + 1 }))
    mockApi({
      'GET /api/myproducts/:email': ({ url }) => {
        const offset = Number(url.searchParams.get('offset'))
        return json(list(products.slice(offset, offset + 24), products.length))
      },
    })
    const { user } = renderRoutes(routes, path)
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Showing 26 of 26')).toBeInTheDocument()
  })
})

describe('My Products in German', () => {
  it('shows the table, statuses and actions in German', async () => {
    mockApi({
      'GET /api/myproducts/:email': () =>
        json(list([makeProduct({ id: 1, product: 'Eichenstuhl' }), makeProduct({ id: 2, product: 'Sofa', status: 'Sold' })])),
    })
    await setLanguage('de')
    renderRoutes(routes, path)
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Artikel' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Meine Artikel' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Artikelname', 'Preis', 'Ort', 'Kategorie', 'Status', 'Aktionen'])
    expect(within(table).getByText('Verfügbar')).toBeInTheDocument()
    expect(within(table).getByText('Verkauft')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Eichenstuhl bearbeiten' })).toHaveTextContent('Bearbeiten')
    expect(within(table).getByRole('button', { name: 'Sofa löschen' })).toHaveTextContent('Löschen')
    expect(within(table).getByText('Verkaufte Artikel können nicht beworben werden')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Artikel hinzufügen' })).toBeInTheDocument()
    for (const text of ['My Products', 'Available', 'Sold', 'Edit', 'Delete']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })
})
