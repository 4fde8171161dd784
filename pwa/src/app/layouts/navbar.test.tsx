import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authKeys } from '@/lib/query-keys'
import { defaultSite } from '@/lib/site'
import { buyer, site } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('public layout', () => {
  it('has landmarks, a skip link and the main links', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    await renderApp('/blogs')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(await within(nav).findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(within(nav).getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main')
  })

  it("has a footer of the site's pages, in its name, with no link home but the logo", async () => {
    mockApi({
      'GET /api/auth/me': () => apiError(401, 'Sign in first'),
      'GET /api/site': () => json({ ...site, name: 'Riverside Swap', contact_email: 'admins@riverside.example' }),
    })
    await renderApp('/blogs')
    const footer = await screen.findByRole('contentinfo')
    await waitFor(() => expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Riverside Swap`))
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Riverside Swap', '/'],
      ['About', '/about'],
      ['Rules', '/about#rules'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Categories', '/categories'],
      ['Blogs', '/blogs'],
      ['API', '/docs/api'],
      ['Contact an admin', 'mailto:admins@riverside.example'],
    ])
    expect(within(footer).getByText(defaultSite.tagline)).toBeInTheDocument()
  })

  it("shows the site's name in the header and the tab's title", async () => {
    mockApi({
      'GET /api/auth/me': () => apiError(401, 'Sign in first'),
      'GET /api/site': () => json({ ...site, name: 'Riverside Swap', tagline: 'From the river side' }),
    })
    await renderApp('/blogs')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByRole('link', { name: 'Riverside Swap' })).toHaveAttribute('href', '/')
    expect(within(banner).getByText('From the river side')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Blogs · Riverside Swap'))
  })

  it('sends people to the About page to reach an admin when the site gives no address', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first'), 'GET /api/site': () => json(site) })
    await renderApp('/blogs')
    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Contact an admin' })).toHaveAttribute('href', '/about#contact')
  })

  it('logs out: tells the server, empties the cache and goes home', async () => {
    const fetch = mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/auth/logout': () => json(null, 204),
    })
    const { user, router, queryClient } = await renderApp('/dashboard')
    queryClient.setQueryData(['orders', 'mine'], ['something private'])
    // The app's shell stands in until the dashboard's frame has loaded: ask for the top bar once it has.
    await screen.findByRole('heading', { level: 1 })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    await user.click(await within(nav).findByRole('button', { name: 'Bea Buyer' }))
    await user.click(await within(nav).findByRole('button', { name: 'Log Out' }))

    // Home has its own layout, so its own navigation.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const homeNav = await screen.findByRole('navigation', { name: 'Main' })
    expect(await within(homeNav).findByRole('link', { name: 'Log In' })).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }))
    expect(queryClient.getQueryData(['orders', 'mine'])).toBeUndefined()
    expect(queryClient.getQueryData(authKeys.me())).toBeNull()
  })

  it('logs out from a public page and shows Log In again', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'POST /api/auth/logout': () => json(null, 204),
    })
    const { user, router } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    await user.click(await within(nav).findByRole('button', { name: 'Bea Buyer' }))
    await user.click(await within(nav).findByRole('button', { name: 'Log Out' }))
    expect(await within(nav).findByRole('link', { name: 'Log In' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it("opens the account menu from the person's button: Profile, Dashboard, Log Out; Escape closes it and gives the focus back", async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const { user, router } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const account = await within(nav).findByRole('button', { name: 'Bea Buyer' })
    expect(account).toHaveAttribute('aria-expanded', 'false')
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument()
    expect(within(nav).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument()

    await user.click(account)
    expect(account).toHaveAttribute('aria-expanded', 'true')
    const menu = document.getElementById(account.getAttribute('aria-controls')!)!
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard/profile')
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(within(menu).getByRole('button', { name: 'Log Out' })).toBeInTheDocument()
    await user.tab()
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(account).toHaveAttribute('aria-expanded', 'false')
    expect(account).toHaveFocus()
    expect(within(nav).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument()

    // A click elsewhere closes it; following a link does too.
    await user.click(account)
    await user.click(screen.getByRole('heading', { level: 1, name: 'Blogs' }))
    expect(account).toHaveAttribute('aria-expanded', 'false')
    await user.click(account)
    await user.click(within(menu).getByRole('link', { name: 'Profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'))
  })

  it('opens the small-screen menu as a dialog that Escape closes', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const { user } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    const open = screen.getByRole('button', { name: 'Open menu' })
    await user.click(open)
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Menu' })
    expect(open).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Home', 'Dashboard', 'Blogs']) {
      expect(within(dialog).getByRole('link', { name })).toBeInTheDocument()
    }
    expect(await within(dialog).findByRole('button', { name: 'Log Out' })).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
    expect(open).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes the small-screen menu when a link is followed', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    const { user, router } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Home' }))
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('searches from the top bar: the words go to /search, and stay in the box there', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/products': () => json({ items: [], total: 0 }),
    })
    const { user, router } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    const search = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search listings' })
    await user.type(search, '  oak table {Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'))
    expect(router.state.location.search).toBe('?q=oak+table')
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “oak table”' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('oak table')
  })

  it('on a phone, the Search button opens the box, focused; Escape closes it and gives the focus back', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const { user } = await renderApp('/blogs')
    await screen.findByRole('heading', { level: 1, name: 'Blogs' })
    const open = screen.getByRole('button', { name: 'Search' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    const box = screen.getByRole('searchbox', { name: 'Search listings' })
    expect(box).toHaveFocus()
    expect(screen.getByRole('search')).toHaveClass('absolute', 'inset-x-0')
    await user.keyboard('{Escape}')
    expect(open).toHaveAttribute('aria-expanded', 'false')
    expect(open).toHaveFocus()

    await user.click(open)
    await user.click(screen.getByRole('button', { name: 'Close search' }))
    expect(open).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('button', { name: 'Close search' })).not.toBeInTheDocument()
  })
})
