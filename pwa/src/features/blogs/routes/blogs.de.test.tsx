import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { admin, list, makePost } from '@/testing/fixtures'
import { json, mockApi, only } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { BlogsRoute } from './blogs'
import { PostRoute } from './post'

const routes = [
  { path: '/blogs', element: <BlogsRoute /> },
  { path: '/blogs/new', element: <h1>Editor</h1> },
  { path: '/blogs/:slug', element: <PostRoute /> },
  { path: '/blogs/:slug/edit', element: <h1>Editor</h1> },
]

describe('Blogs in German', () => {
  it('says there are no posts yet, and offers an admin a new one', async () => {
    mockApi({ 'GET /api/auth/me': () => json(admin), 'GET /api/posts': () => json(list([])) })
    await setLanguage('de')
    renderRoutes(routes, '/blogs')
    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument()
    expect(await screen.findByText('Noch keine Beiträge')).toBeInTheDocument()
    expect((await screen.findAllByRole('link', { name: 'Neuer Beitrag' })).length).toBeGreaterThan(0)
    expect(screen.getByText(/^Neuigkeiten, Tipps und Veranstaltungen von /)).toBeInTheDocument()
  })

  it('asks an admin in German before deleting a post', async () => {
    const post = makePost({ id: 7, slug: 'abholung', title: 'Sicher abholen' })
    mockApi({ 'GET /api/auth/me': () => json(admin), 'GET /api/posts/:post': only({ post: 'abholung' }, () => json(post)) })
    await setLanguage('de')
    const { user } = renderRoutes(routes, '/blogs/abholung')
    expect(await screen.findByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/blogs/abholung/edit')
    expect(screen.getByRole('link', { name: '← Alle Beiträge' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Löschen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Beitrag löschen?' })
    expect(dialog).toHaveTextContent('„Sicher abholen“ verschwindet für alle aus Blogs')
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeInTheDocument()
  })
})
