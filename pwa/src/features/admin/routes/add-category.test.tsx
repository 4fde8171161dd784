import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { categoryKeys } from '@/lib/query-keys'
import { picture } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AddCategoryRoute } from './add-category'

const routes = [{ path: '/dashboard/addcategory', element: <AddCategoryRoute /> }]

describe('Add Category', () => {
  it('requires a name and an image', async () => {
    const fetch = mockApi({})
    const { user } = renderRoutes(routes, '/dashboard/addcategory')
    expect(screen.getByRole('heading', { level: 1, name: 'Add Category' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    expect(await screen.findAllByText('This field is required')).toHaveLength(2)
    for (const label of ['Name', 'Image']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining('This field is required'))
    }
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends name and image as multipart, says so and empties the form', async () => {
    let sent: FormData | undefined
    mockApi({
      'POST /api/categories': ({ body }) => {
        sent = body as FormData
        const category = {
          id: 3,
          name: 'Lamps',
          image: '/images/lamps.webp',
          thumb_url: '/images/lamps-thumb.webp',
          time: '2026-11-22T10:15:00.000Z',
          count: 0,
        }
        return json(category, 201)
      },
    })
    const { user, queryClient } = renderRoutes(routes, '/dashboard/addcategory')
    queryClient.setQueryData(categoryKeys.list(), { items: [], total: 0 })
    await user.type(screen.getByLabelText('Name'), 'Lamps')
    await user.upload(screen.getByLabelText('Image'), picture('lamps.png'))
    await user.click(screen.getByRole('button', { name: 'Add Category' }))

    expect(await screen.findByText('Category added successfully')).toBeInTheDocument()
    expect(sent?.get('name')).toBe('Lamps')
    expect((sent?.get('image') as File).name).toBe('lamps.png')
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''))
    expect((screen.getByLabelText('Image') as HTMLInputElement).files).toHaveLength(0)
    expect(queryClient.getQueryState(categoryKeys.list())?.isInvalidated).toBe(true)
  })

  it('shows a taken name under Name', async () => {
    mockApi({
      'POST /api/categories': () =>
        apiError(409, 'A category with this name already exists', {
          name: 'A category with this name already exists',
        }),
    })
    const { user } = renderRoutes(routes, '/dashboard/addcategory')
    await user.type(screen.getByLabelText('Name'), 'chairs')
    await user.upload(screen.getByLabelText('Image'), picture())
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('A category with this name already exists'),
    )
    expect(screen.queryByText('Category added successfully')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('chairs')
  })
})
