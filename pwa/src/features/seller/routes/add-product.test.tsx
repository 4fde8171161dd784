import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { categories, list, makeProduct, picture, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockHandler } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AddProductRoute } from './add-product'

const routes = [
  { path: '/dashboard/addproduct', element: <AddProductRoute /> },
  { path: '/dashboard/myproducts/:email', element: <p>my products page</p> },
]

const uploaded = { url: '/images/new.webp', thumb_url: '/images/new-thumb.webp', width: 800, height: 600 }

function serve(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/auth/me': () => json(seller),
    'GET /api/categories': () => json(list(categories)),
    'GET /api/users/seller/verified/:email': () => json({ isVerified: true }),
    'POST /api/images': () => json(uploaded, 201),
    ...extra,
  })
}

const requiredFields = [
  'Category',
  'Product name',
  'Description',
  'Image',
  'Location',
  'Resale price',
  'Original price',
  'Purchase year',
  'Use period',
  'Seller phone',
]

async function fillIn(user: ReturnType<typeof renderRoutes>['user']) {
  await screen.findByRole('option', { name: 'Sofas' })
  await user.selectOptions(screen.getByLabelText('Category'), 'Sofas')
  await user.type(screen.getByLabelText('Product name'), 'Corner sofa')
  await user.type(screen.getByLabelText('Description'), 'Grey, seats four.')
  await user.upload(screen.getByLabelText('Image'), picture())
  await user.selectOptions(screen.getByLabelText('Condition'), 'Good')
  await user.type(screen.getByLabelText('Location'), 'Elm Park')
  await user.type(screen.getByLabelText('Resale price'), '150')
  await user.type(screen.getByLabelText('Original price'), '900.50')
  await user.type(screen.getByLabelText('Purchase year'), '2019')
  await user.type(screen.getByLabelText('Use period'), '5 years')
}

describe('Add Product', () => {
  it('says which fields are required, under each one, and sends nothing', async () => {
    const fetch = serve()
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    expect(screen.getByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument()
    await user.clear(await screen.findByLabelText('Seller phone'))
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findAllByText('This field is required')).toHaveLength(requiredFields.length)
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
    const phone = screen.getByLabelText('Seller phone')
    expect(phone).toHaveValue(seller.phone)
    expect(phone).not.toHaveAttribute('readonly')
    expect(screen.getByLabelText('Condition')).toHaveValue('Excellent')
    expect(
      Array.from((screen.getByLabelText('Condition') as HTMLSelectElement).options, (option) => option.value),
    ).toEqual(['Excellent', 'Good', 'Fair'])
  })

  it('shows the verified state from the server', async () => {
    serve({ 'GET /api/users/seller/verified/:email': () => json({ isVerified: false }) })
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
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute('src', 'blob:preview')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument()
    expect(await screen.findByText('my products page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/myproducts/sam@example.com')
    expect(sent).toEqual({
      category: 'Sofas',
      product: 'Corner sofa',
      description: 'Grey, seats four.',
      image: '/images/new.webp',
      condition: 'Good',
      location: 'Elm Park',
      resale_price: '150',
      original_price: '900.50',
      purchase_year: '2019',
      use_period: '5 years',
      seller_phone: seller.phone,
    })
    // One upload, started when the picture was chosen and reused on submit.
    expect(fetch.mock.calls.filter(([url]) => url === '/api/images')).toHaveLength(1)
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
    expect(screen.getByLabelText('Purchase year')).toHaveAccessibleDescription(
      expect.stringContaining('Use a year from 1900 to this year'),
    )
    expect(screen.getByLabelText('Resale price')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not right')
    expect(screen.queryByText('Product added successfully')).not.toBeInTheDocument()
  })

  it("shows a refused picture under Image and doesn't send the product", async () => {
    const fetch = serve({
      'POST /api/images': () => apiError(415, 'Use a JPEG, PNG, GIF or WebP picture'),
    })
    const { user } = renderRoutes(routes, '/dashboard/addproduct')
    await fillIn(user)
    await waitFor(() =>
      expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(
        expect.stringContaining('Use a JPEG, PNG, GIF or WebP picture'),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Add Product' }))
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/images')).toHaveLength(2))
    expect(fetch).not.toHaveBeenCalledWith('/api/products', expect.anything())
  })
})
