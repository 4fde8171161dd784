import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { categories, list, makeProduct, picture, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AddProductRoute } from './add-product'

const routes = [
  { path: '/dashboard/addproduct', element: <AddProductRoute /> },
  { path: '/dashboard/myproducts/:email', element: <p>my products page</p> },
]

const uploaded = { url: '/images/new.webp', thumb_url: '/images/new-thumb.webp', width: 800, height: 600 }

function serve(extra: MockRoutes = {}) {
  return mockApi({
    'GET /api/auth/me': () => json(seller),
    'GET /api/categories': () => json(list(categories)),
    'GET /api/users/seller/verified/:user': () => json({ isVerified: true }),
    'POST /api/images': () => json(uploaded, 201),
    ...extra,
  })
}

// Only what a buyer needs to decide; the condition has its default.
const requiredFields = ['Category', 'Product name', 'Photos', 'Location', 'Resale price']

const phoneLabel = 'Phone for this listing (optional)'

async function fillIn(user: ReturnType<typeof renderRoutes>['user']) {
  await screen.findByRole('option', { name: 'Sofas' })
  await user.selectOptions(screen.getByLabelText('Category'), 'Sofas')
  await user.type(screen.getByLabelText('Product name'), 'Corner sofa')
  await user.type(screen.getByLabelText('Description (optional)'), 'Grey, seats four.')
  await user.upload(screen.getByLabelText('Photos'), picture())
  await user.selectOptions(screen.getByLabelText('Condition'), 'Good')
  await user.type(screen.getByLabelText('Location'), 'Elm Park')
  await user.type(screen.getByLabelText('Resale price'), '150')
  await user.type(screen.getByLabelText('Original price (optional)'), '900.50')
  await user.type(screen.getByLabelText('Purchase year (optional)'), '2019')
  await user.type(screen.getByLabelText('Use period (optional)'), '5 years')
}

describe('Add Product', () => {
  it('says which fields are required, under each one, and sends nothing', async () => {
    const fetch = serve()
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    expect(screen.getByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument()
    await user.clear(await screen.findByLabelText(phoneLabel))
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findAllByText('This field is required')).toHaveLength(requiredFields.length)
    // Messages are how buyers reach a seller: the phone may stay empty.
    expect(screen.getByLabelText(phoneLabel)).not.toHaveAttribute('aria-invalid', 'true')
    for (const label of requiredFields) {
      const input = screen.getByLabelText(label)
      expect(input, label).toHaveAttribute('aria-invalid', 'true')
      expect(input, label).toHaveAccessibleDescription(expect.stringContaining('This field is required'))
    }
    expect(fetch).not.toHaveBeenCalledWith('/api/products', expect.anything())
    expect(fetch).not.toHaveBeenCalledWith('/api/images', expect.anything())
  })

  it("prefills the seller's name, verified state and email read-only, and the phone editable", async () => {
    serve()
    renderRoutes(routes, '/dashboard/addproduct')
    const name = await screen.findByLabelText('Seller name')
    expect(name).toHaveValue(seller.name)
    expect(name).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Seller email')).toHaveValue(seller.email)
    expect(screen.getByLabelText('Seller email')).toHaveAttribute('readonly')
    await waitFor(() => expect(screen.getByLabelText('Seller verified')).toHaveValue('Verified'))
    expect(screen.getByLabelText('Seller verified')).toHaveAttribute('readonly')
    const phone = screen.getByLabelText(phoneLabel)
    expect(phone).toHaveValue(seller.phone)
    expect(phone).not.toHaveAttribute('readonly')
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Messages are how buyers reach you.'))
    expect(screen.getByLabelText('Condition')).toHaveValue('Excellent')
    expect(Array.from((screen.getByLabelText('Condition') as HTMLSelectElement).options, (option) => option.value)).toEqual([
      'Excellent',
      'Good',
      'Fair',
    ])
  })

  it('shows the verified state from the server', async () => {
    serve({ 'GET /api/users/seller/verified/:user': () => json({ isVerified: false }) })
    renderRoutes(routes, '/dashboard/addproduct')
    await waitFor(() => expect(screen.getByLabelText('Seller verified')).toHaveValue('Not verified'))
  })

  it('uploads the picture, adds the product, says so and goes to My Products', async () => {
    // jsdom has no object URLs; the preview needs one.
    const { createObjectURL, revokeObjectURL } = URL
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() })
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }))
    let sent: unknown
    const fetch = serve({
      'POST /api/products': ({ body }) => {
        sent = body
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user, router } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    expect(screen.getByRole('img', { name: 'Photo 1, the cover' })).toHaveAttribute('src', 'blob:preview')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(await screen.findByText('my products page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/myproducts/sam@example.com')
    expect(sent).toEqual({
      category: 'Sofas',
      product: 'Corner sofa',
      description: 'Grey, seats four.',
      images: ['/images/new.webp'],
      condition: 'Good',
      location: 'Elm Park',
      resale_price: 150,
      original_price: 900.5,
      purchase_year: 2019,
      use_period: '5 years',
      seller_phone: seller.phone,
    })
    // One upload, started when the picture was chosen.
    expect(fetch.mock.calls.filter(([url]) => url === '/api/images')).toHaveLength(1)
  })

  it('adds a product without a phone, sending none', async () => {
    let sent: Record<string, unknown> | undefined
    serve({
      'POST /api/products': ({ body }) => {
        sent = body as Record<string, unknown>
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    await user.clear(screen.getByLabelText(phoneLabel))
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent).toMatchObject({ product: 'Corner sofa' })
    expect(sent).not.toHaveProperty('seller_phone')
  })

  it('adds a product with only what is required, sending no optional field', async () => {
    let sent: Record<string, unknown> | undefined
    serve({
      'POST /api/products': ({ body }) => {
        sent = body as Record<string, unknown>
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await screen.findByRole('option', { name: 'Sofas' })
    await user.selectOptions(screen.getByLabelText('Category'), 'Sofas')
    await user.type(screen.getByLabelText('Product name'), 'Corner sofa')
    await user.upload(screen.getByLabelText('Photos'), picture())
    await user.type(screen.getByLabelText('Location'), 'Elm Park')
    await user.type(screen.getByLabelText('Resale price'), '150')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent).toEqual({
      category: 'Sofas',
      product: 'Corner sofa',
      images: ['/images/new.webp'],
      condition: 'Excellent',
      location: 'Elm Park',
      resale_price: 150,
      seller_phone: seller.phone,
    })
  })

  it('takes a price with a decimal comma where the app’s language writes one, and sends a point', async () => {
    // Amounts follow the app's language (lib/decimal); its texts stay English here.
    vi.spyOn(i18n, 'locale', 'get').mockReturnValue('de')
    onTestFinished(() => void vi.restoreAllMocks())
    let sent: Record<string, unknown> | undefined
    serve({
      'POST /api/products': ({ body }) => {
        sent = body as Record<string, unknown>
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription(expect.stringContaining('120 or 120,50'))
    await user.clear(screen.getByLabelText('Resale price'))
    await user.type(screen.getByLabelText('Resale price'), '150,5')
    await user.clear(screen.getByLabelText('Original price (optional)'))
    await user.type(screen.getByLabelText('Original price (optional)'), '900,505')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    // Three decimals are caught as the server would, before sending.
    await waitFor(() =>
      expect(screen.getByLabelText('Original price (optional)')).toHaveAccessibleDescription(
        expect.stringContaining('Enter an amount such as 120 or 120,50'),
      ),
    )
    expect(sent).toBeUndefined()

    await user.clear(screen.getByLabelText('Original price (optional)'))
    await user.type(screen.getByLabelText('Original price (optional)'), '900,50')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent).toMatchObject({ resale_price: 150.5, original_price: 900.5 })
  })

  it('refuses a decimal comma where the app’s language writes a point', async () => {
    const fetch = serve()
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    await user.clear(screen.getByLabelText('Resale price'))
    await user.type(screen.getByLabelText('Resale price'), '150,50')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription(
        expect.stringContaining('Enter an amount such as 120 or 120.50'),
      ),
    )
    expect(fetch).not.toHaveBeenCalledWith('/api/products', expect.anything())
  })

  it("shows the server's field errors under the matching inputs", async () => {
    serve({
      'POST /api/products': () =>
        apiError(422, 'Some fields are not right', {
          resale_price: 'Use a number with at most two decimals',
          purchase_year: 'Use a year from 1900 to this year',
        }),
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    await waitFor(() =>
      expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription(
        expect.stringContaining('Use a number with at most two decimals'),
      ),
    )
    expect(screen.getByLabelText('Purchase year (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Use a year from 1900 to this year'),
    )
    expect(screen.getByLabelText('Resale price')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not right')
    expect(screen.queryByText('Product added successfully')).not.toBeInTheDocument()
  })

  it("shows a refused picture on that photo and doesn't send the product", async () => {
    const fetch = serve({
      'POST /api/images': () => apiError(415, 'Use a JPEG, PNG, GIF or WebP picture'),
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    const photo = screen.getAllByRole('listitem').find((item) => within(item).queryByRole('img', { name: /^Photo 1/ }))!
    expect(await within(photo).findByRole('alert')).toHaveTextContent('Use a JPEG, PNG, GIF or WebP picture')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    expect(await screen.findByText('Some photos could not be uploaded: remove them.')).toBeInTheDocument()
    expect(screen.getByLabelText('Photos')).toHaveAttribute('aria-invalid', 'true')
    expect(fetch).not.toHaveBeenCalledWith('/api/products', expect.anything())

    // The same picture would be refused again: no Retry, and it is no cover.
    expect(within(photo).queryByRole('button', { name: 'Retry photo 1' })).not.toBeInTheDocument()
    expect(within(photo).queryByText('Cover')).not.toBeInTheDocument()
    expect(within(photo).getByRole('img', { name: 'Photo 1, not uploaded' })).toBeInTheDocument()
    await user.click(within(photo).getByRole('button', { name: 'Remove photo 1' }))
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument()
    expect(fetch.mock.calls.filter(([url]) => url === '/api/images')).toHaveLength(1)
  })

  it('offers Retry for a photo that got no answer, and the retry uploads it', async () => {
    let uploads = 0
    let sent: { images?: string[] } = {}
    serve({
      'POST /api/images': () => {
        uploads += 1
        return uploads === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(uploaded, 201)
      },
      'POST /api/products': ({ body }) => {
        sent = body as typeof sent
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    const photo = screen.getAllByRole('listitem').find((item) => within(item).queryByRole('img', { name: /^Photo 1/ }))!
    expect(await within(photo).findByRole('alert')).toHaveTextContent('Cannot reach the server')
    expect(within(photo).getByRole('button', { name: 'Remove photo 1' })).toBeInTheDocument()

    await user.click(within(photo).getByRole('button', { name: 'Retry photo 1' }))
    await waitFor(() => expect(within(photo).queryByRole('alert')).not.toBeInTheDocument())
    expect(within(photo).getByText('Cover')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent.images).toEqual([uploaded.url])
  })

  it('takes several photos at once, uploads each, and sends them in the order the seller leaves them', async () => {
    let sent: { images?: string[]; dimensions?: unknown } = {}
    let uploads = 0
    const fetch = serve({
      'POST /api/images': () => {
        uploads += 1
        return json({ url: `/images/${uploads}.webp`, thumb_url: `/images/${uploads}-thumb.webp`, width: 8, height: 6 }, 201)
      },
      'POST /api/products': ({ body }) => {
        sent = body as typeof sent
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    const input = screen.getByLabelText('Photos')
    expect(input).toHaveAttribute('multiple')
    expect(input).toHaveAttribute('accept', 'image/*')
    await user.upload(input, [picture('b.png'), picture('c.png'), picture('d.png')])
    await waitFor(() => expect(uploads).toBe(4))
    const photos = within(screen.getByRole('list', { name: 'Chosen photos' }))
    expect(photos.getAllByRole('listitem')).toHaveLength(4)
    expect(photos.getAllByText('Cover')).toHaveLength(1)
    expect(photos.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled()
    expect(photos.getByRole('button', { name: 'Move photo 4 right' })).toBeDisabled()

    // Keyboard: the focus follows the moved photo.
    photos.getByRole('button', { name: 'Move photo 3 left' }).focus()
    await user.keyboard('{Enter}')
    expect(photos.getByRole('button', { name: 'Move photo 2 left' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(photos.getByRole('button', { name: 'Move photo 1 right' })).toHaveFocus()
    await user.click(photos.getByRole('button', { name: 'Remove photo 4' }))
    expect(photos.getAllByRole('listitem')).toHaveLength(3)
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent.images).toEqual(['/images/3.webp', '/images/1.webp', '/images/2.webp'])
    expect(sent).not.toHaveProperty('dimensions')
    expect(fetch.mock.calls.filter(([url]) => url === '/api/images')).toHaveLength(4)
  })

  it('keeps at most 8 photos and says how many were left out', async () => {
    serve()
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    const input = await screen.findByLabelText('Photos')
    await user.upload(
      input,
      Array.from({ length: 10 }, (_, i) => picture(`${i}.png`)),
    )
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(8)
    expect(screen.getByText(/2 photos were left out: 8 at most/)).toBeInTheDocument()
    expect(input).toBeDisabled()
  })

  it('shows a failed upload on its photo alone; the others go on and can be sent once it is removed', async () => {
    let uploads = 0
    let sent: { images?: string[] } = {}
    serve({
      'POST /api/images': () => {
        uploads += 1
        return uploads === 2
          ? apiError(413, 'The picture is larger than 10 MB')
          : json({ url: `/images/${uploads}.webp`, thumb_url: '', width: 8, height: 6 }, 201)
      },
      'POST /api/products': ({ body }) => {
        sent = body as typeof sent
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    await user.upload(screen.getByLabelText('Photos'), [picture('big.png'), picture('c.png')])
    const items = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')
    expect(await within(items[1]!).findByRole('alert')).toHaveTextContent('The picture is larger than 10 MB')
    expect(within(items[0]!).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(items[2]!).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(items[1]!).getByRole('button', { name: 'Remove photo 2' }))
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent.images).toEqual(['/images/1.webp', '/images/3.webp'])
  })

  it('checks the measures in the browser and sends only the ones given', async () => {
    let sent: { dimensions?: unknown } = {}
    const fetch = serve({
      'POST /api/products': ({ body }) => {
        sent = body as typeof sent
        return json(makeProduct({ id: 9 }), 201)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    await user.type(screen.getByLabelText('Width (cm)'), '1200')
    await user.type(screen.getByLabelText('Depth (cm)'), '0')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    for (const label of ['Width (cm)', 'Depth (cm)']) {
      expect(await screen.findByLabelText(label)).toHaveAccessibleDescription('Enter a size above 0 and at most 1000 cm')
    }
    expect(screen.getByLabelText('Height (cm)')).not.toHaveAttribute('aria-invalid')
    expect(fetch).not.toHaveBeenCalledWith('/api/products', expect.anything())

    await user.clear(screen.getByLabelText('Width (cm)'))
    await user.type(screen.getByLabelText('Width (cm)'), '180')
    await user.clear(screen.getByLabelText('Depth (cm)'))
    await user.type(screen.getByLabelText('Height (cm)'), '75')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(sent.dimensions).toEqual({ width_cm: 180, height_cm: 75 })
  })
})
