import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authKeys, postKeys } from '@/lib/query-keys'
import { admin, buyer, makePost } from '@/testing/fixtures'
import { apiError, json, mockApi, only } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { PostRoute } from './post'

const routes = [
  { path: '/blogs', element: <h1>Blogs</h1> },
  { path: '/blogs/:slug', element: <PostRoute /> },
  { path: '/blogs/:slug/edit', element: <h1>Editor</h1> },
]

const post = makePost({
  id: 7,
  slug: 'a-safe-pickup',
  title: 'A safe pickup',
  body: '1. **Meet in daylight**\n2. Bring a friend\n\n<script>alert(1)</script>\n\n[Report](https://example.com/report)',
  updated: '2026-06-03T09:00:00Z',
})

describe('A post', () => {
  it('shows its Markdown as headings, lists and safe links, to anyone', async () => {
    mockApi({ 'GET /api/posts/:post': only({ post: 'a-safe-pickup' }, () => json(post)) })
    renderRoutes(routes, '/blogs/a-safe-pickup')
    const article = await screen.findByRole('article', { name: 'A safe pickup' })
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent('A safe pickup')
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Meet in daylight', 'Bring a friend'])
    expect(within(article).getByText('Meet in daylight').tagName).toBe('STRONG')
    expect(within(article).getByRole('link', { name: 'Report' })).toHaveAttribute('rel', 'nofollow ugc')
    expect(article.querySelector('script')).toBeNull()
    expect(within(article).getByText(/updated/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← All posts' })).toHaveAttribute('href', '/blogs')
    await waitFor(() => expect(document.title).toBe('A safe pickup · Rehome'))
  })

  it('says when there is no such post', async () => {
    mockApi({ 'GET /api/posts/:post': only({ post: 'gone' }, () => apiError(404, 'Post not found')) })
    renderRoutes(routes, '/blogs/gone')
    expect(await screen.findByText('It may have been deleted, or the link is mistyped.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/blogs')
  })

  it('lets an admin edit it, or delete it after asking', async () => {
    let deleted = false
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/posts/:post': only({ post: 'a-safe-pickup' }, () => (deleted ? apiError(404, 'Post not found') : json(post))),
      'DELETE /api/posts/:post': only({ post: '7' }, () => {
        deleted = true
        return json(null, 204)
      }),
    })
    const { user, router, queryClient } = renderRoutes(routes, '/blogs/a-safe-pickup')
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/blogs/a-safe-pickup/edit')
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(deleted).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Post deleted')).toBeInTheDocument()
    expect(deleted).toBe(true)
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'))
    await waitFor(() => expect(queryClient.getQueryData(postKeys.detail('a-safe-pickup'))).toBeUndefined())
  })

  it('says why a delete failed and keeps the post', async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/posts/:post': only({ post: 'a-safe-pickup' }, () => json(post)),
      'DELETE /api/posts/:post': only({ post: '7' }, () => apiError(403, 'You are not allowed to do that')),
    })
    const { user, router } = renderRoutes(routes, '/blogs/a-safe-pickup')
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('You are not allowed to do that')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/blogs/a-safe-pickup')
    expect(screen.getByRole('article', { name: 'A safe pickup' })).toBeInTheDocument()
  })

  it('shows buyers no Edit or Delete', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer), 'GET /api/posts/:post': only({ post: 'a-safe-pickup' }, () => json(post)) })
    const { queryClient } = renderRoutes(routes, '/blogs/a-safe-pickup')
    await screen.findByRole('article', { name: 'A safe pickup' })
    // Who is asking may be answered after the post.
    await waitFor(() => expect(queryClient.getQueryState(authKeys.me())?.status).toBe('success'))
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })
})
