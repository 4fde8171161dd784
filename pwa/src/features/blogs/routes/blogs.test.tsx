import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { admin, buyer, list, makePost } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { excerptOf } from '../components/excerpt'
import { BlogsRoute } from './blogs'

const routes = [
  { path: '/blogs', element: <BlogsRoute /> },
  { path: '/blogs/new', element: <h1>Editor</h1> },
  { path: '/blogs/:slug', element: <h1>A post</h1> },
]

describe('Blogs', () => {
  it('lists the posts newest first with title, date, author and the start of the body', async () => {
    mockApi({
      'GET /api/posts': () =>
        json(list([makePost({ id: 2, title: 'Swap day, 14 June!', slug: 'swap-day-14-june' }), makePost()])),
    })
    renderRoutes(routes, '/blogs')
    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument()
    const articles = await screen.findAllByRole('article')
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Swap day, 14 June!',
      'Post 1',
    ])
    const first = articles[0]!
    expect(first).toHaveAccessibleName('Swap day, 14 June!')
    expect(within(first).getByRole('link', { name: 'Swap day, 14 June!' })).toHaveAttribute('href', '/blogs/swap-day-14-june')
    expect(within(first).getByText(/Ada Admin/)).toBeInTheDocument()
    expect(within(first).getByText(/2026/).tagName).toBe('TIME')
    expect(within(first).getByText('The body of post 2, with a link.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New post' })).not.toBeInTheDocument()
  })

  it('loads more while the server has more', async () => {
    const fetch = mockApi({
      'GET /api/posts': ({ url }) => {
        const offset = Number(url.searchParams.get('offset'))
        const limit = Number(url.searchParams.get('limit'))
        const all = Array.from({ length: 12 }, (_, i) => makePost({ id: 12 - i }))
        return json(list(all.slice(offset, offset + limit), all.length))
      },
    })
    const { user } = renderRoutes(routes, '/blogs')
    expect(await screen.findAllByRole('article')).toHaveLength(10)
    expect(screen.getByText('Showing 10 of 12')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12))
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/posts?limit=10&offset=10', expect.anything())
  })

  it('says when there are none, and offers admins to write the first', async () => {
    mockApi({
      'GET /api/auth/me': () => json(admin),
      'GET /api/posts': () => json(list([])),
    })
    const { user, router } = renderRoutes(routes, '/blogs')
    expect(await screen.findByText('No posts yet')).toBeInTheDocument()
    const links = await screen.findAllByRole('link', { name: 'New post' })
    await user.click(links[0]!)
    expect(router.state.location.pathname).toBe('/blogs/new')
  })

  it('shows no New post to others', async () => {
    mockApi({
      'GET /api/auth/me': () => json(buyer),
      'GET /api/posts': () => json(list([])),
    })
    renderRoutes(routes, '/blogs')
    expect(await screen.findByText('No posts yet')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New post' })).not.toBeInTheDocument()
  })

  it('says when the posts cannot load, with Retry', async () => {
    mockApi({ 'GET /api/posts': () => apiError(500, 'Internal error') })
    renderRoutes(routes, '/blogs')
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the posts')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})

describe('excerptOf', () => {
  it('reads the prose paragraphs without their marks, and cuts at a word', () => {
    expect(excerptOf('## Why\n\nMeet **in** _daylight_.\n\n- one\n- two\n\nBring `a friend`.')).toBe(
      'Meet in daylight. Bring a friend.',
    )
    // A post of lists alone is read from them.
    expect(excerptOf('1. **Meet** in daylight\n2. Bring a friend')).toBe('Meet in daylight Bring a friend')
    expect(excerptOf('word '.repeat(60), 22)).toBe('word word word word…')
  })
})
