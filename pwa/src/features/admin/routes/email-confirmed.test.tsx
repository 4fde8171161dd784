// Every admin list of accounts says whether each email was confirmed.
import { screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { admin, buyer, list, seller } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AllBuyersRoute } from './all-buyers'
import { AllSellersRoute } from './all-sellers'
import { AllUsersRoute } from './all-users'

const cases: { name: string; path: string; api: string; element: ReactNode; caption: string }[] = [
  { name: 'Users', path: '/dashboard/allusers', api: 'GET /api/users', element: <AllUsersRoute />, caption: 'Users' },
  { name: 'Buyers', path: '/dashboard/allbuyers', api: 'GET /api/buyers', element: <AllBuyersRoute />, caption: 'Buyers' },
  { name: 'Sellers', path: '/dashboard/allsellers', api: 'GET /api/sellers', element: <AllSellersRoute />, caption: 'Sellers' },
]

describe.each(cases)('$name: email confirmation', ({ path, api, element, caption }) => {
  it('marks each email confirmed or not', async () => {
    const confirmed = {
      ...(caption === 'Sellers' ? seller : buyer),
      id: 10,
      name: 'Cora Confirmed',
      email: 'cora@example.com',
      email_verified: true,
    }
    const unconfirmed = { ...confirmed, id: 11, name: 'Uma Unconfirmed', email: 'uma@example.com', email_verified: false }
    mockApi({
      'GET /api/auth/me': () => json(admin),
      [api]: () => json(list([confirmed, unconfirmed])),
    })
    renderRoutes([{ path, element }], path)
    const table = await screen.findByRole('table', { name: caption })
    const row = (name: string) => within(within(table).getByText(name).closest('tr') as HTMLElement)
    expect(row('Cora Confirmed').getByText('confirmed')).toBeInTheDocument()
    expect(row('Cora Confirmed').queryByText('not confirmed')).not.toBeInTheDocument()
    expect(row('Uma Unconfirmed').getByText('not confirmed')).toBeInTheDocument()
  })
})
