import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, makeProduct, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProductRoute } from './product'

const routes = [{ path: '/products/:id', element: <ProductRoute /> }]

describe('Product page', () => {
  it('shows the full picture and every detail, with Book Now and Report', async () => {
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
    expect(screen.getByRole('link', { name: 'Dining chairs' })).toHaveAttribute('href', '/categories/Dining%20chairs')
    expect(screen.getByText('Solid oak.')).toBeInTheDocument()
    expect(screen.getByText('Available')).toBeInTheDocument()
    expect(screen.getByText('2019')).toBeInTheDocument()
    expect(screen.getByText('$45.50')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: seller.phone })).toHaveAttribute('href', 'tel:+15550101')
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument()
  })

  it('says Sold on a sold product and offers no booking', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products/:id': () => json(makeProduct({ status: 'Sold' })),
    })
    renderRoutes(routes, '/products/1')
    expect(await screen.findAllByText('Sold')).not.toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument()
  })

  it.each(['/products/99', '/products/not-a-number'])('says when %s does not exist', async (path) => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products/:id': () => apiError(404, 'Product not found'),
    })
    renderRoutes(routes, path)
    expect(await screen.findByText('We could not find this product')).toBeInTheDocument()
  })
})
