import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { formatPrice } from '@/lib/format'
import { setLanguage } from '@/lib/i18n'
import { buyer, makeProduct, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { formatDimensions } from '../components/product-details'
import { ProductRoute } from './product'

const routes = [{ path: '/products/:id', element: <ProductRoute /> }]

const threePhotos = {
  product: 'Oak table',
  images: ['/images/a.webp', '/images/b.webp', '/images/c.webp'],
  thumbs: ['/images/a-t.webp', '/images/b-t.webp', '/images/c-t.webp'],
}

function serve(product: ReturnType<typeof makeProduct>) {
  return mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/products/:id': () => json(product),
  })
}

describe('Product page', () => {
  it('shows the picture and every detail, with Book Now and a quiet Report link', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products/:id': ({ params }) =>
        json(
          makeProduct({
            id: Number(params.id),
            product: 'Oak chair',
            category: 'Dining chairs',
            description: 'Solid oak.',
            seller_verified: true,
            purchase_year: 2019,
          }),
        ),
    })
    renderRoutes(routes, '/products/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak chair' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Oak chair' })).toHaveAttribute('src', '/images/chair-7.jpg')
    // One photo: no gallery controls.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Dining chairs' })).toHaveAttribute('href', '/categories/Dining%20chairs')
    expect(screen.getByText('Solid oak.')).toBeInTheDocument()
    expect(screen.getByText('Available')).toBeInTheDocument()
    expect(screen.getByText('2019')).toBeInTheDocument()
    // Under the name, and again in the bar pinned to the bottom on phones.
    expect(screen.getAllByText(formatPrice(45.5))).toHaveLength(2)
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument()
    expect(screen.queryByText('Dimensions')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Report this listing' })).toBeInTheDocument()
  })

  it('steps through the photos with Next, Previous and the thumbnails', async () => {
    serve(makeProduct(threePhotos))
    const { user } = renderRoutes(routes, '/products/1')
    const gallery = await screen.findByRole('region', { name: 'Photos' })
    expect(within(gallery).getByText('Photo 1 of 3')).toBeInTheDocument()
    expect(within(gallery).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(within(gallery).getByRole('button', { name: 'Next' }))
    expect(within(gallery).getByText('Photo 2 of 3')).toBeInTheDocument()
    expect(within(gallery).getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true')
    await user.click(within(gallery).getByRole('button', { name: 'Show photo 3' }))
    expect(within(gallery).getByText('Photo 3 of 3')).toBeInTheDocument()
    expect(within(gallery).getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(within(gallery).getByRole('button', { name: 'Previous' }))
    expect(within(gallery).getByText('Photo 2 of 3')).toBeInTheDocument()
    const thumbs = within(gallery).getByRole('list', { name: 'Thumbnails' }).querySelectorAll('img')
    expect(Array.from(thumbs, (img) => img.getAttribute('src'))).toEqual(threePhotos.thumbs)
  })

  it('has a dot for each photo, for phones, naming which one shows; a dot or the arrow keys choose', async () => {
    serve(makeProduct(threePhotos))
    const { user } = renderRoutes(routes, '/products/1')
    const gallery = await screen.findByRole('region', { name: 'Photos' })
    const dots = within(within(gallery).getByRole('list', { name: 'Choose a photo' })).getAllByRole('button')
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual(['Photo 1 of 3', 'Photo 2 of 3', 'Photo 3 of 3'])
    expect(dots[0]).toHaveAttribute('aria-current', 'true')
    await user.click(dots[2]!)
    expect(dots[2]).toHaveAttribute('aria-current', 'true')
    expect(dots[0]).not.toHaveAttribute('aria-current')
    expect(within(gallery).getByText('Photo 3 of 3')).toBeInTheDocument()

    within(gallery).getByRole('button', { name: 'Oak table, photo 3 of 3: open full screen' }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(dots[1]).toHaveAttribute('aria-current', 'true')
  })

  it('shares the product through the device’s share sheet where there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'share'))
    serve(makeProduct({ id: 4, product: 'Oak table' }))
    const { user } = renderRoutes(routes, '/products/4')
    await user.click(await screen.findByRole('button', { name: 'Share' }))
    expect(share).toHaveBeenCalledWith({ title: 'Oak table', url: `${window.location.origin}/products/4` })
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument()
  })

  it('copies the link where there is no share sheet, and says so', async () => {
    expect('share' in navigator).toBe(false)
    serve(makeProduct({ id: 4, product: 'Oak table' }))
    const { user } = renderRoutes(routes, '/products/4')
    const writeText = vi.fn().mockResolvedValue(undefined)
    // After render: the test's user-event puts in a clipboard of its own.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(await screen.findByRole('button', { name: 'Share' }))
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/products/4`)
  })

  it('leaves out the details the seller did not give', async () => {
    serve(makeProduct({ original_price: null, purchase_year: null, use_period: null, description: '' }))
    renderRoutes(routes, '/products/1')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByText('Original price')).not.toBeInTheDocument()
    expect(screen.queryByText('Purchase year')).not.toBeInTheDocument()
    expect(screen.queryByText('Use period')).not.toBeInTheDocument()
    expect(screen.getByText('Condition')).toBeInTheDocument()
  })

  it('opens a photo full screen; Escape closes it and the focus returns to the photo seen last', async () => {
    serve(makeProduct(threePhotos))
    const { user } = renderRoutes(routes, '/products/1')
    const gallery = await screen.findByRole('region', { name: 'Photos' })
    await user.click(within(gallery).getByRole('button', { name: 'Next' }))
    const photo = within(gallery).getByRole('button', { name: 'Oak table, photo 2 of 3: open full screen' })
    await user.click(photo)
    const dialog = screen.getByRole('dialog', { name: 'Oak table: photo 2 of 3' })
    expect(within(dialog).getByRole('img', { name: 'Oak table, photo 2 of 3' })).toHaveAttribute('src', '/images/b.webp')
    await user.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(within(dialog).getByRole('img', { name: 'Oak table, photo 3 of 3' })).toHaveAttribute('src', '/images/c.webp')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(within(gallery).getByText('Photo 3 of 3')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(gallery).getByRole('button', { name: 'Oak table, photo 3 of 3: open full screen' })).toHaveFocus(),
    )
  })

  it('shows the dimensions given, and only those', async () => {
    serve(makeProduct({ dimensions: { width_cm: 180, depth_cm: 90, height_cm: 75 } }))
    renderRoutes(routes, '/products/1')
    expect(await screen.findByText('W 180 × D 90 × H 75 cm')).toBeInTheDocument()
    expect(formatDimensions({ width_cm: 180, height_cm: 75 })).toBe('W 180 × H 75 cm')
    expect(formatDimensions({ depth_cm: 42.5 })).toBe('D 42.5 cm')
    expect(formatDimensions({})).toBeNull()
    expect(formatDimensions(null)).toBeNull()
  })

  it('says Reserved and still offers Book Now to join the queue', async () => {
    serve(makeProduct({ status: 'Reserved' }))
    renderRoutes(routes, '/products/1')
    expect(await screen.findByText('Reserved')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled()
  })

  it("links to the viewer's booking instead of Book Now", async () => {
    serve(makeProduct({ status: 'Reserved', my_booking_id: 12 }))
    renderRoutes(routes, '/products/1')
    expect(await screen.findByText('You booked this')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/dashboard/payment/12')
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
  })

  it('says Sold on a sold product and offers no booking', async () => {
    serve(makeProduct({ status: 'Sold' }))
    renderRoutes(routes, '/products/1')
    expect(await screen.findAllByText('Sold')).not.toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
  })

  it("links the seller's name to their page", async () => {
    serve(makeProduct({ seller: 'Sam Seller', seller_id: 2 }))
    renderRoutes(routes, '/products/1')
    expect(await screen.findByRole('link', { name: 'More from Sam Seller' })).toHaveAttribute('href', '/sellers/2')
  })

  it("shows the seller's rating beside their name once someone reviewed them", async () => {
    serve(makeProduct({ seller: 'Sam Seller', seller_rating: { average: 4.7, count: 3 } }))
    renderRoutes(routes, '/products/1')
    const seller = (await screen.findByText('Seller', { selector: 'dt' })).nextElementSibling!
    expect(seller).toHaveTextContent(/^Sam SellerRated 4\.7 out of 5, · 3 reviewsMore from Sam Seller$/)
  })

  it('shows no rating for a seller nobody reviewed', async () => {
    serve(makeProduct({ seller: 'Sam Seller', seller_rating: { average: 0, count: 0 } }))
    renderRoutes(routes, '/products/1')
    const seller = (await screen.findByText('Seller', { selector: 'dt' })).nextElementSibling!
    expect(seller).not.toHaveTextContent('review')
  })

  it('offers no such link when the answer does not say who the seller is', async () => {
    serve(makeProduct({ seller: 'Sam Seller', seller_id: undefined }))
    renderRoutes(routes, '/products/1')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('link', { name: /More from/ })).not.toBeInTheDocument()
  })

  it.each(['/products/99', '/products/not-a-number'])('says when %s does not exist', async (path) => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products/:id': () => apiError(404, 'Product not found'),
    })
    renderRoutes(routes, path)
    expect(await screen.findByText('We could not find this product')).toBeInTheDocument()
  })

  it("shows no seller's phone or email when the answer has none: Message the seller is the way", async () => {
    serve(makeProduct({ id: 7, product: 'Oak chair' }))
    renderRoutes(routes, '/products/7')
    expect(await screen.findByRole('button', { name: 'Message the seller' })).toBeInTheDocument()
    expect(screen.queryByText('Seller phone')).not.toBeInTheDocument()
    expect(screen.queryByText('Seller email')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /555|@/ })).not.toBeInTheDocument()
  })

  it("shows the seller's phone to a buyer whose answer carries it, and no email", async () => {
    serve(makeProduct({ id: 7, product: 'Oak chair', my_booking_id: 3, seller_phone: seller.phone }))
    renderRoutes(routes, '/products/7')
    expect(await screen.findByRole('link', { name: seller.phone })).toHaveAttribute('href', 'tel:+15550101')
    expect(screen.queryByText('Seller email')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Message the seller' })).toBeInTheDocument()
  })

  it('shows the seller their own email and phone', async () => {
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/products/:id': () =>
        json(makeProduct({ id: 7, product: 'Oak chair', seller_email: seller.email, seller_phone: seller.phone })),
    })
    renderRoutes(routes, '/products/7')
    expect(await screen.findByRole('link', { name: seller.email })).toHaveAttribute('href', `mailto:${seller.email}`)
    expect(screen.getByRole('link', { name: seller.phone })).toHaveAttribute('href', 'tel:+15550101')
  })

  it('offers Message the seller to a buyer, not to the seller of the product', async () => {
    serve(makeProduct({ id: 7, product: 'Oak chair' }))
    renderRoutes(routes, '/products/7')
    expect(await screen.findByRole('button', { name: 'Message the seller' })).toBeInTheDocument()
  })

  it('gives the seller no Message the seller on their own product', async () => {
    mockApi({
      'GET /api/auth/me': () => json(seller),
      'GET /api/products/:id': () => json(makeProduct({ id: 7, product: 'Oak chair' })),
    })
    renderRoutes(routes, '/products/7')
    await screen.findByText('This is your listing')
    expect(screen.queryByRole('button', { name: 'Message the seller' })).not.toBeInTheDocument()
  })
})

describe('Product page in German', () => {
  it('shows the facts, prices and actions in German, and books in German', async () => {
    serve(makeProduct({ id: 7, product: 'Eichenstuhl', dimensions: { width_cm: 180, height_cm: 75 } }))
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/products/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Eichenstuhl' })).toBeInTheDocument()
    expect(screen.getByText('Verfügbar')).toBeInTheDocument()
    expect(screen.getByText('Zustand')).toBeInTheDocument()
    expect(screen.getByText('Gut')).toBeInTheDocument()
    expect(screen.getByText('Standort')).toBeInTheDocument()
    expect(screen.getByText('B 180 × H 75 cm')).toBeInTheDocument()
    expect(screen.getByText('Kaufjahr')).toBeInTheDocument()
    // German writes the amount first: 120 $.
    expect(screen.getByText(/^Neupreis/)).toHaveTextContent(/^Neupreis 120\s\$$/)
    expect(screen.getByRole('link', { name: `Mehr von ${seller.name}` })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Teilen' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Dieses Angebot melden' })).toBeInTheDocument()

    await user.click(await screen.findByRole('button', { name: 'Jetzt reservieren' }))
    const dialog = screen.getByRole('dialog', { name: 'Eichenstuhl reservieren' })
    await user.click(within(dialog).getByRole('button', { name: 'Reservierung bestätigen' }))
    expect(within(dialog).getByLabelText('Treffpunkt')).toHaveAccessibleDescription(
      expect.stringContaining('Dieses Feld ist erforderlich'),
    )
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Telefon: Dieses Feld ist erforderlich')

    for (const text of ['Available', 'Condition', 'Location', 'Purchase year', 'Share', 'Book Now', 'Report this listing']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })
})
