import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { admin, buyer, list, seller } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AllUsersRoute } from './all-users'

const routes = [{ path: '/dashboard/allusers', element: <AllUsersRoute /> }]
const otherAdmin = { ...admin, id: 4, name: 'Otto Admin', email: 'otto@example.com' }

describe('All Users', () => {
  it('says so when there are no users', async () => {
    mockApi({ 'GET /api/auth/me': () => json(admin), 'GET /api/users': () => json(list([])) })
    renderRoutes(routes, '/dashboard/allusers')
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument()
    expect(await screen.findByText('No user account created')).toBeInTheDocument()
  })

  it("offers 'Make admin' only for non-admins, and Delete on every row but your own", async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer, seller, otherAdmin])),
    })
    renderRoutes(routes, '/dashboard/allusers')
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Number', 'Location', 'Role', 'Actions'])
    const [, me, bea, sam, otto] = within(table).getAllByRole('row')
    expect(within(bea!).getByRole('button', { name: `Make admin: ${buyer.name}` })).toBeInTheDocument()
    expect(within(sam!).getByRole('button', { name: `Make admin: ${seller.name}` })).toBeInTheDocument()
    expect(within(otto!).queryByRole('button', { name: /Make admin/ })).not.toBeInTheDocument()
    expect(within(me!).queryByRole('button', { name: /Make admin/ })).not.toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /Make admin/ })).toHaveLength(2)

    expect(within(me!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(within(otto!).getByRole('button', { name: 'Delete Otto Admin' })).toBeInTheDocument()
    expect(bea).toHaveTextContent(buyer.phone)
    expect(bea).toHaveTextContent(buyer.location)
    expect(bea).toHaveTextContent('Buyer')
  })

  it('makes an admin after confirming', async () => {
    let promoted = false
    const fetch = mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, { ...buyer, role: promoted ? 'Admin' : 'Buyer' }])),
      'PUT /api/users/admin/:user': () => {
        promoted = true
        return json({ ...buyer, role: 'Admin' })
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Make admin: ${buyer.name}` }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }))
    expect(await screen.findByText('Made admin successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/users/admin/${buyer.id}`, expect.objectContaining({ method: 'PUT' }))
    expect(screen.queryByRole('button', { name: /Make admin/ })).not.toBeInTheDocument()
  })

  it('deletes a user after confirming', async () => {
    let users = [admin, buyer]
    const fetch = mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list(users)),
      'DELETE /api/users/:id': () => {
        users = [admin]
        return json(null, 204)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Delete ${buyer.name}` }))
    expect(fetch).not.toHaveBeenCalledWith(`/api/users/${buyer.id}`, expect.anything())
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/users/${buyer.id}`, expect.objectContaining({ method: 'DELETE' }))
    expect(screen.queryByText(buyer.email)).not.toBeInTheDocument()
  })

  it("shows the server's 409 as an error toast", async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, otherAdmin])),
      'DELETE /api/users/:id': () => apiError(409, 'The last admin cannot be deleted'),
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: 'Delete Otto Admin' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('The last admin cannot be deleted')).toBeInTheDocument()
    expect(screen.queryByText('User deleted successfully')).not.toBeInTheDocument()
  })

  it('counts the users and searches them by name or email', async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer, seller, otherAdmin])),
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(screen.getByText('4 users')).toBeInTheDocument()

    const search = screen.getByRole('searchbox', { name: 'Search' })
    await user.type(search, 'OTTO@')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(table).toHaveTextContent('Otto Admin')
    expect(screen.getByText('1 of 4 users')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, ' bea ')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(table).toHaveTextContent(buyer.email)

    await user.clear(search)
    await user.type(search, 'nobody')
    expect(screen.getByText('No users match “nobody”')).toBeInTheDocument()
    expect(screen.queryByText('No user account created')).not.toBeInTheDocument()
  })

  it('keeps phone numbers and emails on one line, and the actions in one column, one row on the widest screens', async () => {
    mockApi({ 'GET /api/auth/me': () => json(admin), 'GET /api/users': () => json(list([admin, buyer])) })
    renderRoutes(routes, '/dashboard/allusers')
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(within(table).getByText(buyer.phone)).toHaveClass('whitespace-nowrap')
    expect(within(table).getByText(buyer.email)).toHaveClass('md:whitespace-nowrap')
    expect(within(table).getByRole('button', { name: `Delete ${buyer.name}` }).parentElement).toHaveClass(
      'md:grid-cols-1',
      '2xl:flex-nowrap',
    )
  })
  const resetUrl = 'http://localhost:8080/reset-password?token=t0k3n'

  it('makes a password reset link and shows it once, to copy', async () => {
    const fetch = mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer])),
      'POST /api/users/:id/reset-link': () => json({ url: resetUrl }, 201),
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    const table = await screen.findByRole('table', { name: 'Users' })
    const [, me] = within(table).getAllByRole('row')
    expect(within(me!).queryByRole('button', { name: /reset link/i })).not.toBeInTheDocument()

    const button = screen.getByRole('button', { name: `Make a password reset link for ${buyer.name}` })
    button.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: `Password reset link for ${buyer.name}` })
    expect(fetch).toHaveBeenCalledWith(`/api/users/${buyer.id}/reset-link`, expect.objectContaining({ method: 'POST' }))
    const link = within(dialog).getByLabelText('Reset link')
    expect(link).toHaveValue(resetUrl)
    expect(link).toHaveAttribute('readonly')
    expect(link).toHaveAccessibleDescription('Valid for one hour, once. Send it to the person yourself.')

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe(resetUrl)
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied to the clipboard')

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByDisplayValue(resetUrl)).not.toBeInTheDocument()
  })

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer])),
      'POST /api/users/:id/reset-link': () => json({ url: resetUrl }, 201),
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Make a password reset link for ${buyer.name}` }))
    const dialog = await screen.findByRole('dialog')
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'))
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))

    const link = within(dialog).getByLabelText<HTMLInputElement>('Reset link')
    expect(link).toHaveFocus()
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, resetUrl.length])
    expect(within(dialog).getByRole('status')).toHaveTextContent(/The link is selected/)
  })

  it("shows the server's refusal of a reset link as an error toast", async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer])),
      'POST /api/users/:id/reset-link': () => apiError(404, 'User not found'),
    })
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    await user.click(await screen.findByRole('button', { name: `Make a password reset link for ${buyer.name}` }))
    expect(await screen.findByText('User not found')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('All Users in German', () => {
  it('shows the table, its count, roles and actions in German, and asks in German', async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/users': () => json(list([admin, buyer, seller])),
    })
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/dashboard/allusers')
    expect(screen.getByRole('heading', { level: 1, name: 'Nutzer' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Nutzer' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'E-Mail', 'Telefon', 'Ort', 'Rolle', 'Aktionen'])
    expect(screen.getByText('3 Nutzer')).toBeInTheDocument()
    const [, me, bea] = within(table).getAllByRole('row')
    expect(me).toHaveTextContent('(du)')
    expect(bea).toHaveTextContent('Käufer')
    await user.type(screen.getByLabelText('Suchen'), 'bea')
    expect(await screen.findByText('1 von 3 Nutzern')).toBeInTheDocument()
    await user.click(within(table).getByRole('button', { name: `Zum Admin machen: ${buyer.name}` }))
    expect(await screen.findByRole('dialog', { name: 'Diesen Nutzer zum Admin machen?' })).toBeInTheDocument()
    for (const text of ['Users', 'Make admin', 'Buyer', '3 users']) {
      expect(screen.queryByText(text)).not.toBeInTheDocument()
    }
  })
})
