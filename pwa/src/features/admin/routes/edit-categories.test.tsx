import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { productKeys } from '@/lib/query-keys'
import { list, picture } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { EditCategoriesRoute } from './edit-categories'

const routes = [{ path: '/dashboard/categories', element: <EditCategoriesRoute /> }]

const chairs = {
  id: 3,
  name: 'Chairs',
  image: '/images/chairs.webp',
  thumb_url: '/images/chairs-thumb.webp',
  time: '2026-11-22T10:15:00.000Z',
  count: 4,
}
const tables = { ...chairs, id: 4, name: 'Tables', image: '/images/tables.webp', thumb_url: '/images/tables-thumb.webp' }

describe('Categories (admin)', () => {
  it('renames a category and refreshes the lists that show its name', async () => {
    let sent: unknown
    const fetch = mockApi({
      'GET /api/categories': () => json(list([chairs, tables])),
      'PATCH /api/categories/:name': ({ body }) => {
        sent = body
        return json({ ...chairs, name: 'Stühle' })
      },
    })
    const { user, queryClient } = renderRoutes(routes, '/dashboard/categories')
    queryClient.setQueryData(productKeys.category('Chairs'), { pages: [], pageParams: [] })
    await user.click(await screen.findByRole('button', { name: 'Edit Chairs' }))
    const name = screen.getByLabelText('Name')
    expect(name).toHaveValue('Chairs')
    await user.clear(name)
    await user.type(name, ' Stühle ')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Category saved')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/categories/Chairs', expect.objectContaining({ method: 'PATCH' }))
    expect(sent).toEqual({ name: 'Stühle' })
    expect(queryClient.getQueryState(productKeys.category('Chairs'))?.isInvalidated).toBe(true)
    await waitFor(() => expect(screen.queryByLabelText('Name')).not.toBeInTheDocument())
  })

  it('uploads a new picture first and sends its URL', async () => {
    let sent: unknown
    const fetch = mockApi({
      'GET /api/categories': () => json(list([chairs])),
      'POST /api/images': () =>
        json({ url: '/images/new.webp', thumb_url: '/images/new-thumb.webp', width: 40, height: 40 }, 201),
      'PATCH /api/categories/:name': ({ body }) => {
        sent = body
        return json({ ...chairs, image: '/images/new.webp' })
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/categories')
    await user.click(await screen.findByRole('button', { name: 'Edit Chairs' }))
    await user.upload(screen.getByLabelText('New picture'), picture('chairs.png'))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Category saved')).toBeInTheDocument()
    expect(sent).toEqual({ image: '/images/new.webp' })
    // The list on screen is asked for again.
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/categories')).toHaveLength(2))
  })

  it('shows a taken name under Name and keeps the form', async () => {
    mockApi({
      'GET /api/categories': () => json(list([chairs, tables])),
      'PATCH /api/categories/:name': () =>
        apiError(409, 'A category with this name already exists', { name: 'A category with this name already exists' }),
    })
    const { user } = renderRoutes(routes, '/dashboard/categories')
    await user.click(await screen.findByRole('button', { name: 'Edit Chairs' }))
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), 'tables')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('A category with this name already exists'),
    )
    expect(screen.queryByText('Category saved')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('tables')
  })

  it('sends nothing when nothing changed', async () => {
    const fetch = mockApi({ 'GET /api/categories': () => json(list([chairs])) })
    const { user } = renderRoutes(routes, '/dashboard/categories')
    await user.click(await screen.findByRole('button', { name: 'Edit Chairs' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByLabelText('Name')).not.toBeInTheDocument())
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
