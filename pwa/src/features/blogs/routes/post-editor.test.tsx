import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { postKeys } from '@/lib/query-keys'
import { makePost } from '@/testing/fixtures'
import { apiError, json, mockApi, only } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { EditPostRoute, NewPostRoute } from './post-editor'

const routes = [
  { path: '/blogs', element: <h1>Blogs</h1> },
  { path: '/blogs/new', element: <NewPostRoute /> },
  { path: '/blogs/:slug', element: <h1>The post</h1> },
  { path: '/blogs/:slug/edit', element: <EditPostRoute /> },
]

describe('The post editor', () => {
  it('requires a title and a body', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/blogs/new')
    expect(screen.getByRole('heading', { level: 1, name: 'New post' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findAllByText('This field is required')).toHaveLength(2)
    // Back to writing, so the body's message shows.
    expect(screen.getByRole('button', { name: 'Write' })).toHaveAttribute('aria-pressed', 'true')
    for (const label of ['Title', 'Body']) expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    expect(fetch).not.toHaveBeenCalledWith('/api/posts', expect.anything())
  })

  it('previews the Markdown, publishes and opens the new post', async () => {
    let sent: unknown
    mockApi({
      'POST /api/posts': ({ body }) => {
        sent = body
        return json(makePost({ id: 4, slug: 'swap-day-14-june', title: 'Swap day, 14 June!', body: '## Bring\n\n- a lamp' }), 201)
      },
    })
    const { user, router, queryClient } = renderRoutes(routes, '/blogs/new')
    await user.type(screen.getByLabelText('Title'), '  Swap day, 14 June! ')
    await user.type(screen.getByLabelText('Body'), '## Bring{enter}{enter}- a lamp')
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true')
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getByRole('heading', { level: 2, name: 'Bring' })).toBeInTheDocument()
    expect(within(preview).getByRole('listitem')).toHaveTextContent('a lamp')
    expect(screen.getByLabelText('Body')).not.toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Post published')).toBeInTheDocument()
    expect(sent).toEqual({ title: 'Swap day, 14 June!', body: '## Bring\n\n- a lamp' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs/swap-day-14-june'))
    expect(queryClient.getQueryData(postKeys.detail('swap-day-14-june'))).toMatchObject({ id: 4 })
  })

  it('counts characters as the server does', async () => {
    const fetch = mockApi({ 'POST /api/posts': () => json(makePost(), 201) })
    const { user } = renderRoutes(routes, '/blogs/new')
    const title = screen.getByLabelText('Title')
    // 120 emoji are 240 UTF-16 units, and still 120 characters.
    await user.click(title)
    await user.paste('🛋'.repeat(120))
    await user.type(screen.getByLabelText('Body'), 'Body')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Post published')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/posts', expect.objectContaining({ method: 'POST' }))
  })

  it('refuses a title over 120 characters before sending', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/blogs/new')
    await user.click(screen.getByLabelText('Title'))
    await user.paste('t'.repeat(121))
    await user.type(screen.getByLabelText('Body'), 'Body')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Use at most 120 characters')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/posts', expect.anything())
  })

  it("puts the server's messages under the fields", async () => {
    mockApi({
      'POST /api/posts': () => apiError(422, 'Please correct the highlighted fields', { title: 'Use at most 120 characters' }),
    })
    const { user } = renderRoutes(routes, '/blogs/new')
    await user.type(screen.getByLabelText('Title'), 'Title')
    await user.type(screen.getByLabelText('Body'), 'Body')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Use at most 120 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
  })

  it('edits a post, sending its id, and goes back to it', async () => {
    const post = makePost({ id: 9, slug: 'a-safe-pickup', title: 'A safe pickup', body: 'Meet in daylight.' })
    let sent: unknown
    mockApi({
      'GET /api/posts/:post': only({ post: 'a-safe-pickup' }, () => json(post)),
      'PATCH /api/posts/:post': only({ post: '9' }, ({ body }) => {
        sent = body
        return json({ ...post, title: 'A safe pickup, always' })
      }),
    })
    const { user, router } = renderRoutes(routes, '/blogs/a-safe-pickup/edit')
    expect(screen.getByRole('heading', { level: 1, name: 'Edit post' })).toBeInTheDocument()
    const title = await screen.findByLabelText('Title')
    expect(title).toHaveValue('A safe pickup')
    expect(screen.getByLabelText('Body')).toHaveValue('Meet in daylight.')
    await user.clear(title)
    await user.type(title, 'A safe pickup, always')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Post saved')).toBeInTheDocument()
    expect(sent).toEqual({ title: 'A safe pickup, always', body: 'Meet in daylight.' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs/a-safe-pickup'))
  })
})
