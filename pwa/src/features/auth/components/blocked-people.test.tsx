import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BlockedUser } from '@/testing/fixtures'
import { buyer, list, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProfileRoute } from '../routes/profile'

const routes = [{ path: '/dashboard/profile', element: <ProfileRoute /> }]
const signedIn = {
  'GET /api/auth/me': () => json(buyer),
  'GET /api/auth/providers': () => json({ google: false, mail: false }),
  'GET /api/auth/sessions': () => json(list([])),
  'GET /api/push/preferences': () =>
    json({ message: true, reply: true, booking: true, declined: true, payment: true, reminder: true }),
}
const sam: BlockedUser = { id: seller.id, name: seller.name, image: seller.image, since: '2026-11-26T09:30:00Z' }
const otto: BlockedUser = { id: 8, name: 'Otto Other', image: '', since: '2026-11-20T09:30:00Z' }

function section() {
  return within(screen.getByRole('region', { name: 'Blocked people' }))
}

describe('Blocked people on Profile', () => {
  it('says so when nobody is blocked', async () => {
    const fetch = mockApi({ ...signedIn, 'GET /api/blocks': () => json(list([])) })
    renderRoutes(routes, '/dashboard/profile')
    expect(await section().findByText('You have not blocked anyone.')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/blocks?limit=100&offset=0', expect.anything())
  })

  it('lists them newest first, each with since when, and unblocks one', async () => {
    let blocks = [sam, otto]
    const fetch = mockApi({
      ...signedIn,
      'GET /api/blocks': () => json(list(blocks)),
      'DELETE /api/users/:id/block': ({ params }) => {
        blocks = blocks.filter((b) => b.id !== Number(params.id))
        return json(null, 204)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/profile')
    const people = await section().findByRole('list', { name: 'Blocked people' })
    const rows = within(people).getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Sam Seller', 'Otto Other'])
    expect(rows[0]!.querySelector('time')).toHaveAttribute('datetime', sam.since)

    await user.click(within(people).getByRole('button', { name: 'Unblock Sam Seller' }))
    expect(await screen.findByText('Unblocked Sam Seller')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/users/${seller.id}/block`, expect.objectContaining({ method: 'DELETE' }))
    await within(people).findByText('Otto Other')
    expect(within(people).queryByText('Sam Seller')).not.toBeInTheDocument()
  })

  it("shows the server's refusal to unblock as a toast, and the list as it was", async () => {
    mockApi({
      ...signedIn,
      'GET /api/blocks': () => json(list([sam])),
      'DELETE /api/users/:id/block': () => apiError(500, 'Internal error'),
    })
    const { user } = renderRoutes(routes, '/dashboard/profile')
    await user.click(await section().findByRole('button', { name: 'Unblock Sam Seller' }))
    expect(await screen.findByText('Internal error')).toBeInTheDocument()
    expect(section().getByText('Sam Seller')).toBeInTheDocument()
  })
})
