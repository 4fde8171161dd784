import { describe, expect, it } from 'vitest'
import { paths, routePaths } from './paths'

describe('paths', () => {
  it('gives fixed routes as they are in the table', () => {
    expect(paths.myOrders).toBe(routePaths.myOrders)
    expect(paths.home).toBe('/')
  })

  it('fills in the parameter of a route, encoded but for the @ of an email', () => {
    expect(paths.product(12)).toBe('/products/12')
    expect(paths.category('Dining tables')).toBe('/categories/Dining%20tables')
    expect(paths.myProducts('sam@example.com')).toBe('/dashboard/myproducts/sam@example.com')
    expect(paths.payment('')).toBe('/dashboard/payment/')
  })
})
