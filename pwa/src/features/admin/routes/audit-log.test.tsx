import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '@/testing/fixtures'
import { admin, list } from '@/testing/fixtures'
import { apiError, json, mockApi, undocumented } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AuditLogRoute } from './audit-log'

const routes = [{ path: '/dashboard/audit', element: <AuditLogRoute /> }]

function makeEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    time: '2026-11-25T09:30:00Z',
    actor_id: admin.id,
    actor_name: admin.name,
    actor_email: admin.email,
    action: 'create_category',
    target_type: 'category',
    target_id: 7,
    target: 'Sofas',
    ...overrides,
  }
}

describe('Audit log', () => {
  it('says so when no admin has done anything yet', async () => {
    mockApi({ 'GET /api/audit': () => json(list([])) })
    renderRoutes(routes, '/dashboard/audit')
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument()
    expect(await screen.findByText('No admin actions yet')).toBeInTheDocument()
  })

  it('shows when, who, what and whom, with each action in words', async () => {
    const fetch = mockApi({
      'GET /api/audit': () =>
        json(
          list([
            makeEntry({
              id: 6,
              time: '2026-11-25T09:45:00Z',
              action: 'reset_link',
              target_type: 'user',
              target: 'Bea Buyer <bea@example.com>',
            }),
            makeEntry({ id: 5, action: 'dismiss_report', target_type: 'report', target: 'Oak table' }),
            makeEntry({ id: 4, action: 'delete_user', target_type: 'user', target: 'Old Account <old@example.com>' }),
            makeEntry({ id: 3, action: 'promote_user', target_type: 'user', target: 'Otto <otto@example.com>' }),
            makeEntry({ id: 2, action: 'verify_seller', target_type: 'user', target: 'Sam Seller <seller@example.com>' }),
            makeEntry({ id: 1, time: '2026-11-24T18:05:00Z' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table', { name: 'Audit log' })
    expect(fetch).toHaveBeenCalledWith('/api/audit?limit=24&offset=0', expect.anything())
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Admin', 'Action', 'Target'])
    const [, reset, dismiss, deletion, promotion, verification, category] = within(table).getAllByRole('row')
    expect(reset).toHaveTextContent('Made a password reset link')
    expect(reset).toHaveTextContent('Bea Buyer <bea@example.com>')
    expect(dismiss).toHaveTextContent('Dismissed report')
    expect(dismiss).toHaveTextContent('Oak table')
    expect(dismiss).toHaveTextContent('Reported product')
    expect(deletion).toHaveTextContent('Deleted account')
    expect(promotion).toHaveTextContent('Promoted to admin')
    expect(verification).toHaveTextContent('Verified seller')
    expect(verification).toHaveTextContent('Sam Seller <seller@example.com>')
    expect(category).toHaveTextContent('Added category')
    expect(category).toHaveTextContent('Sofas')
    expect(category).toHaveTextContent('Category')
    expect(category).toHaveTextContent(admin.name)
    expect(category).toHaveTextContent(admin.email)
    expect(category).not.toHaveTextContent('(account deleted)')

    const time = category!.querySelector('time')
    expect(time).toHaveAttribute('dateTime', '2026-11-24T18:05:00Z')
    expect(time?.textContent).toMatch(/2026/)
    expect(screen.getByText('6 entries')).toBeInTheDocument()
  })

  it("words the site's and the posts' actions, and starting to sell", async () => {
    mockApi({
      'GET /api/audit': () =>
        json(
          list([
            makeEntry({ id: 5, action: 'start_selling', target_type: 'user', target: 'Bea Buyer <bea@example.com>' }),
            makeEntry({ id: 4, action: 'delete_post', target_type: 'post', target: 'Swap day' }),
            makeEntry({ id: 3, action: 'edit_post', target_type: 'post', target: 'Swap day' }),
            makeEntry({ id: 2, action: 'create_post', target_type: 'post', target: 'Swap day' }),
            makeEntry({ id: 1, action: 'update_site', target_type: 'site', target: 'about, name' }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table', { name: 'Audit log' })
    const [, selling, deleted, edited, created, site] = within(table).getAllByRole('row')
    expect(selling).toHaveTextContent('Started selling')
    expect(selling).toHaveTextContent('Account')
    expect(deleted).toHaveTextContent('Deleted post')
    expect(edited).toHaveTextContent('Edited post')
    expect(created).toHaveTextContent('Published post')
    expect(created).toHaveTextContent('Swap dayPost')
    expect(site).toHaveTextContent('Changed site settings')
    expect(site).toHaveTextContent('about, nameSite settings')
  })

  it('words suspending an account and lifting it', async () => {
    mockApi({
      'GET /api/audit': () =>
        json(
          list([
            makeEntry({ id: 2, action: 'unsuspend_user', target_type: 'user', target: 'Sam Seller <sam@example.com>' }),
            makeEntry({
              id: 1,
              action: 'suspend_user',
              target_type: 'user',
              target: 'Sam Seller <sam@example.com> for 3 days: spam',
            }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table', { name: 'Audit log' })
    const [, lifted, suspended] = within(table).getAllByRole('row')
    expect(lifted).toHaveTextContent('Lifted suspension')
    expect(lifted).toHaveTextContent('Account')
    expect(suspended).toHaveTextContent('Suspended account')
    expect(suspended).toHaveTextContent('for 3 days: spam')
  })

  it('shows an action it does not know as the server sends it', async () => {
    mockApi({ 'GET /api/audit': () => undocumented(list([{ ...makeEntry(), action: 'archive_everything' }])) })
    renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table', { name: 'Audit log' })
    expect(within(table).getByText('archive_everything')).toBeInTheDocument()
  })

  it("keeps a deleted admin's name and email, and says the account is gone", async () => {
    mockApi({
      'GET /api/audit': () =>
        json(
          list([
            makeEntry({ id: 2, actor_id: null, actor_name: 'Gone Admin', actor_email: 'gone@example.com' }),
            makeEntry({ id: 1 }),
          ]),
        ),
    })
    renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table', { name: 'Audit log' })
    const [, gone, present] = within(table).getAllByRole('row')
    expect(gone).toHaveTextContent('Gone Admin')
    expect(gone).toHaveTextContent('gone@example.com')
    expect(within(gone!).getByText('(account deleted)')).toBeInTheDocument()
    expect(present).not.toHaveTextContent('(account deleted)')
  })

  it('loads the next page with Load more while the server holds more', async () => {
    const entries = Array.from({ length: 30 }, (_, i) => makeEntry({ id: 30 - i, target: `Category ${30 - i}` }))
    const fetch = mockApi({
      'GET /api/audit': ({ url }) => {
        const offset = Number(url.searchParams.get('offset'))
        const limit = Number(url.searchParams.get('limit'))
        return json(list(entries.slice(offset, offset + limit), entries.length))
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table', { name: 'Audit log' })
    expect(within(table).getAllByRole('row')).toHaveLength(25)
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Showing 30 of 30')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/audit?limit=24&offset=24', expect.anything())
    expect(within(table).getAllByRole('row')).toHaveLength(31)
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Category 1')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it("shows the server's refusal with a way to try again", async () => {
    mockApi({ 'GET /api/audit': () => apiError(403, 'Forbidden') })
    renderRoutes(routes, '/dashboard/audit')
    expect(await screen.findByText('Could not load the audit log')).toBeInTheDocument()
  })
})
