import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { User } from '@/testing/fixtures'
import { admin, buyer, seller } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

async function sidebarFor(user: User) {
  mockApi({ 'GET /api/auth/me': () => json(user) })
  await renderApp('/dashboard')
  expect(await screen.findByRole('heading', { name: 'Welcome to dashboard' })).toBeInTheDocument()
  const nav = screen.getByRole('navigation', { name: 'Dashboard' })
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

describe('dashboard sidebar', () => {
  it('gives a buyer My Orders, and everyone Messages and their Profile', async () => {
    expect(await sidebarFor(buyer)).toEqual([
      ['My Orders', '/dashboard/myorders'],
      ['Messages', '/dashboard/messages'],
      ['Profile', '/dashboard/profile'],
    ])
  })

  it('gives a seller their orders, products, Add Product and My Buyers', async () => {
    expect(await sidebarFor(seller)).toEqual([
      ['My Orders', '/dashboard/myorders'],
      ['My Products', '/dashboard/myproducts/sam@example.com'],
      ['Add Product', '/dashboard/addproduct'],
      ['My Buyers', '/dashboard/mybuyers'],
      ['Messages', '/dashboard/messages'],
      ['Profile', '/dashboard/profile'],
    ])
  })

  it('gives an admin the account, report and category screens, and the audit log', async () => {
    expect(await sidebarFor(admin)).toEqual([
      ['All Users', '/dashboard/allusers'],
      ['All Sellers', '/dashboard/allsellers'],
      ['All Buyers', '/dashboard/allbuyers'],
      ['Reported Item', '/dashboard/reporteditems'],
      ['Add Category', '/dashboard/addcategory'],
      ['Categories', '/dashboard/categories'],
      ['Audit log', '/dashboard/audit'],
      ['Site settings', '/dashboard/site'],
      ['Search synonyms', '/dashboard/synonyms'],
      ['Messages', '/dashboard/messages'],
      ['Profile', '/dashboard/profile'],
    ])
  })

  it("opens a seller's My Products from the sidebar", async () => {
    mockApi({ 'GET /api/auth/me': () => json(seller) })
    const { user, router } = await renderApp('/dashboard')
    await user.click(await screen.findByRole('link', { name: 'My Products' }))
    expect(await screen.findByRole('heading', { name: 'My Products' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/myproducts/sam@example.com')
  })

  it('folds into a toggle that shows and hides it', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const { user } = await renderApp('/dashboard')
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-sidebar')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('link', { name: 'My Orders' }))
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
