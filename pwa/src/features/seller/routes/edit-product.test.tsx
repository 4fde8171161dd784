import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { categories, list, makeProduct, picture, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { EditProductRoute } from './edit-product'

const routes = [
  { path: '/dashboard/edit-product/:id', element: <EditProductRoute /> },
  { path: '/dashboard/myproducts/:email', element: <p>my products page</p> },
]

const product = makeProduct({
  id: 9,
  product: 'Corner sofa',
  category: 'Sofas',
  description: 'Grey, seats four.',
  condition: 'Good',
  location: 'Elm Park',
  resale_price: 150,
  original_price: 900.5,
  purchase_year: 2019,
  use_period: '5 years',
  image: '/images/a.webp',
  thumb_url: '/images/a-thumb.webp',
  images: ['/images/a.webp', '/images/b.webp', '/images/c.webp'],
  thumbs: ['/images/a-thumb.webp', '/images/b-thumb.webp', '/images/c-thumb.webp'],
  dimensions: { width_cm: 180, height_cm: 75 },
})

function serve(extra: MockRoutes = {}) {
  return mockApi({
    'GET /api/auth/me': () => json(seller),
    'GET /api/categories': () => json(list(categories)),
    'GET /api/users/seller/verified/:user': () => json({ isVerified: true }),
    'GET /api/products/:id': () => json(product),
    'POST /api/images': () =>
      json({ url: '/images/new.webp', thumb_url: '/images/new-thumb.webp', width: 800, height: 600 }, 201),
    ...extra,
  })
}

const photoNames = () => screen.getAllByRole('img', { name: /^Photo \d/ }).map((img) => img.getAttribute('src'))

describe('Edit Product', () => {
  it('starts from the product: its fields, photos in order and measures', async () => {
    serve()
    renderRoutes(routes, '/dashboard/edit-product/9')
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Product name')).toHaveValue('Corner sofa')
    await screen.findByRole('option', { name: 'Chairs' })
    expect(screen.getByLabelText('Category')).toHaveValue('Sofas')
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Grey, seats four.')
    expect(screen.getByLabelText('Condition')).toHaveValue('Good')
    expect(screen.getByLabelText('Resale price')).toHaveValue('150')
    expect(screen.getByLabelText('Original price (optional)')).toHaveValue('900.5')
    expect(screen.getByLabelText('Purchase year (optional)')).toHaveValue('2019')
    expect(screen.getByLabelText('Width (cm)')).toHaveValue('180')
    expect(screen.getByLabelText('Depth (cm)')).toHaveValue('')
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('75')
    expect(photoNames()).toEqual(['/images/a-thumb.webp', '/images/b-thumb.webp', '/images/c-thumb.webp'])
    expect(screen.getByRole('img', { name: 'Photo 1, the cover' })).toBeInTheDocument()
    expect(screen.getByText('Cover')).toBeInTheDocument()
  })

  it('sends only what changed with PATCH, says so, and goes to My Products', async () => {
    let sent: unknown
    const fetch = serve({
      'PATCH /api/products/:id': ({ body }) => {
        sent = body
        return json({ ...product, resale_price: 120 })
      },
    })
    const { user, router } = renderRoutes(routes, '/dashboard/edit-product/9')
    const price = await screen.findByLabelText('Resale price')
    await user.clear(price)
    await user.type(price, '120')
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    await user.type(screen.getByLabelText('Depth (cm)'), '90')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Product updated')).toBeInTheDocument()
    expect(await screen.findByText('my products page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/myproducts/sam@example.com')
    expect(fetch).toHaveBeenCalledWith('/api/products/9', expect.objectContaining({ method: 'PATCH' }))
    expect(sent).toEqual({
      resale_price: 120,
      images: ['/images/a.webp', '/images/c.webp'],
      dimensions: { width_cm: 180, depth_cm: 90, height_cm: 75 },
    })
  })

  it('clears the measures with dimensions null', async () => {
    let sent: unknown
    serve({
      'PATCH /api/products/:id': ({ body }) => {
        sent = body
        return json({ ...product, dimensions: null })
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/edit-product/9')
    await user.clear(await screen.findByLabelText('Width (cm)'))
    await user.clear(screen.getByLabelText('Height (cm)'))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Product updated')).toBeInTheDocument()
    expect(sent).toEqual({ dimensions: null })
  })

  it("shows the server's field errors on their fields, and a sold product's refusal", async () => {
    let answer = apiError(422, 'Some fields are not right', {
      images: 'Use at most 8 photos',
      resale_price: 'Enter an amount such as 120 or 120.50',
    })
    serve({ 'PATCH /api/products/:id': () => answer })
    const { user } = renderRoutes(routes, '/dashboard/edit-product/9')
    // Well formed, so only the server refuses it (beyond its largest amount).
    await user.type(await screen.findByLabelText('Resale price'), '0000000')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription(
        expect.stringContaining('Enter an amount such as 120 or 120.50'),
      ),
    )
    expect(screen.getByLabelText('Photos')).toHaveAccessibleDescription(expect.stringContaining('Use at most 8 photos'))

    answer = apiError(409, 'A sold product can’t be changed')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('A sold product can’t be changed')
    expect(screen.queryByText('Product updated')).not.toBeInTheDocument()
  })

  it('adds a photo to the stored ones and sends them in the order chosen', async () => {
    let sent: { images?: string[] } = {}
    serve({
      'PATCH /api/products/:id': ({ body }) => {
        sent = body as typeof sent
        return json(product)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/edit-product/9')
    await user.upload(await screen.findByLabelText('Photos'), picture('new.png'))
    const added = screen.getAllByRole('listitem').at(-1)!
    await waitFor(() => expect(within(added).queryByRole('status')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Move photo 4 left' }))
    await user.click(screen.getByRole('button', { name: 'Move photo 1 right' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Product updated')).toBeInTheDocument()
    expect(sent.images).toEqual(['/images/b.webp', '/images/a.webp', '/images/new.webp', '/images/c.webp'])
  })

  it('says when the product does not exist', async () => {
    serve({ 'GET /api/products/:id': () => apiError(404, 'Product not found') })
    renderRoutes(routes, '/dashboard/edit-product/99')
    expect(await screen.findByText('We could not find this product')).toBeInTheDocument()
  })
})
