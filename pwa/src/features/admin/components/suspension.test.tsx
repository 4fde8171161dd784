import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { User } from '@/testing/fixtures'
import { admin, buyer, list, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AllBuyersRoute } from '../routes/all-buyers'
import { AllSellersRoute } from '../routes/all-sellers'
import { AllUsersRoute } from '../routes/all-users'
import { isSuspended } from './suspension'

const routes = [
  { path: '/dashboard/allusers', element: <AllUsersRoute /> },
  { path: '/dashboard/allbuyers', element: <AllBuyersRoute /> },
  { path: '/dashboard/allsellers', element: <AllSellersRoute /> },
]
const until = '2030-12-04T10:15:00Z'
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(until))

/** The badge, whose time is an element of its own. */
const badgeText = (_: string, element: Element | null) =>
  element?.textContent === `Suspended until ${when}` && element.tagName === 'SPAN'

function suspended(user: User, reason = 'Listings copied from another site'): User {
  return { ...user, suspended_until: until, suspend_reason: reason }
}

/** The server's lists, with suspensions it keeps as the dialog asks. */
function server(accounts: User[]) {
  let users = accounts
  const bodies: unknown[] = []
  const fetch = mockApi({
    'GET /api/auth/me': () => json(admin),
    'GET /api/users': () => json(list(users)),
    'GET /api/buyers': () => json(list(users.filter((u) => u.role === 'Buyer'))),
    'GET /api/sellers': () => json(list(users.filter((u) => u.role === 'Seller'))),
    'POST /api/users/:id/suspend': ({ params, body }) => {
      bodies.push(body)
      const { reason } = body as { reason: string }
      users = users.map((u) => (u.id === Number(params.id) ? suspended(u, reason) : u))
      return json(users.find((u) => u.id === Number(params.id))!)
    },
    'DELETE /api/users/:id/suspend': ({ params }) => {
      users = users.map((u) => (u.id === Number(params.id) ? { ...u, suspended_until: null, suspend_reason: '' } : u))
      return json(users.find((u) => u.id === Number(params.id))!)
    },
  })
  return { fetch, bodies }
}

describe('Suspending an account', () => {
  it('offers Suspend on every row but an admin’s', async () => {
    server([admin, buyer, seller, { ...admin, id: 4, name: 'Otto Admin' }])
    renderRoutes(routes, '/dashboard/allusers')
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(
      within(table)
        .getAllByRole('button', { name: /^Suspend/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Suspend ${buyer.name}`, `Suspend ${seller.name}`])
  })

  it('asks for the days (7 unless changed) and a reason, then shows the row suspended until when and why', async () => {
    const { fetch, bodies } = server([admin, seller])
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Suspend ${seller.name}` }))
    const dialog = screen.getByRole('dialog', { name: 'Suspend this account?' })
    const days = within(dialog).getByLabelText('Days')
    expect(days).toHaveValue(7)
    expect(days).toHaveAttribute('type', 'number')
    expect(days).toHaveAccessibleDescription('From 1 to 365.')

    // The reason is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    const reason = within(dialog).getByLabelText('Reason')
    expect(reason).toBeInvalid()
    expect(reason).toHaveAccessibleDescription(/This field is required/)
    expect(fetch).not.toHaveBeenCalledWith(`/api/users/${seller.id}/suspend`, expect.anything())

    await user.clear(days)
    await user.type(days, '3')
    await user.type(reason, '  Listings copied from another site ')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(await screen.findByText(`${seller.name} is suspended`)).toBeInTheDocument()
    expect(bodies).toEqual([{ days: 3, reason: 'Listings copied from another site' }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    const row = (await screen.findByText(badgeText)).closest('tr')!
    expect(row).toHaveTextContent(seller.name)
    expect(row).toHaveTextContent('Reason: Listings copied from another site')
    expect(within(row).getByText(badgeText)).toHaveAttribute('title', 'Listings copied from another site')
    expect(within(row).getByRole('button', { name: `Unsuspend ${seller.name}` })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: `Suspend ${seller.name}` })).not.toBeInTheDocument()
  })

  it('refuses days outside 1 to 365 before asking the server', async () => {
    const { fetch } = server([admin, buyer])
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Suspend ${buyer.name}` }))
    const dialog = screen.getByRole('dialog')
    const days = within(dialog).getByLabelText('Days')
    await user.clear(days)
    await user.type(days, '400')
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(days).toBeInvalid()
    expect(days).toHaveAccessibleDescription(/Choose 1 to 365 days/)
    expect(fetch).not.toHaveBeenCalledWith(`/api/users/${buyer.id}/suspend`, expect.anything())
  })

  it("shows the server's refusal in the dialog, and its field errors under the fields", async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer])),
      'POST /api/users/:id/suspend': () => apiError(422, 'Some fields are not right', { reason: 'Use at most 500 characters' }),
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Suspend ${buyer.name}` }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(await within(dialog).findByText('Use at most 500 characters')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus()
  })

  it('lifts a suspension after confirming, on Buyers too', async () => {
    const { fetch } = server([suspended(buyer)])
    const { user } = renderRoutes(routes, '/dashboard/allbuyers')
    const table = await screen.findByRole('table', { name: 'Buyers' })
    expect(table).toHaveTextContent(`Suspended until ${when}`)
    await user.click(within(table).getByRole('button', { name: `Unsuspend ${buyer.name}` }))
    const dialog = screen.getByRole('dialog', { name: 'Lift this suspension?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unsuspend' }))
    expect(await screen.findByText('Suspension lifted')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/users/${buyer.id}/suspend`, expect.objectContaining({ method: 'DELETE' }))
    await waitFor(() => expect(table).not.toHaveTextContent('Suspended until'))
    expect(within(table).getByRole('button', { name: `Suspend ${buyer.name}` })).toBeInTheDocument()
  })

  it('suspends from Sellers', async () => {
    const { bodies } = server([seller])
    const { user } = renderRoutes(routes, '/dashboard/allsellers')
    await user.click(await screen.findByRole('button', { name: `Suspend ${seller.name}` }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByLabelText('Reason'), 'No-shows')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(await screen.findByText(badgeText)).toBeInTheDocument()
    expect(bodies).toEqual([{ days: 7, reason: 'No-shows' }])
  })

  it('counts a suspension that has ended as none', () => {
    const now = Date.parse('2030-12-05T00:00:00Z')
    expect(isSuspended(suspended(buyer), now)).toBe(false)
    expect(isSuspended(suspended(buyer), Date.parse('2030-12-01T00:00:00Z'))).toBe(true)
    expect(isSuspended({ ...buyer, suspended_until: null })).toBe(false)
    expect(isSuspended(buyer)).toBe(false)
  })
})
