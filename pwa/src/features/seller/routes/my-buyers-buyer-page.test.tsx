import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, list, makeBooking } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { MyBuyersRoute } from './my-buyers'

const routes = [
  { path: '/dashboard/mybuyers', element: <MyBuyersRoute /> },
  { path: '/sellers/:id', element: <p>The buyer's page</p> },
]

describe("My Buyers: the buyer's page", () => {
  it("links the buyer's name to their page, and not once their account is gone", async () => {
    mockApi({
      'GET /api/mybuyers': () =>
        json(
          list([
            makeBooking({ id: 3, product: 'Oak chair' }),
            makeBooking({ id: 4, product: 'Sofa', buyer_id: null, buyer_name: 'Cy Gone', buyer_email: '', buyer_phone: '' }),
          ]),
        ),
    })
    const { user } = renderRoutes(routes, '/dashboard/mybuyers')
    const table = await screen.findByRole('table')
    expect(within(table).queryByRole('link', { name: 'Cy Gone' })).not.toBeInTheDocument()
    expect(table).toHaveTextContent('Cy Gone')
    const name = within(table).getByRole('link', { name: buyer.name })
    expect(name).toHaveAttribute('href', `/sellers/${buyer.id}`)
    await user.click(name)
    expect(await screen.findByText("The buyer's page")).toBeInTheDocument()
  })
})
