import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { productKeys } from '@/lib/query-keys'
import { list, makeProduct } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { SearchSynonymsRoute } from './search-synonyms'

const routes = [{ path: '/dashboard/synonyms', element: <SearchSynonymsRoute /> }]

describe('Search synonyms', () => {
  it('shows each group, and saves them edited, added and removed', async () => {
    let sent: unknown
    mockApi({
      'GET /api/search/synonyms': () =>
        json([
          ['couch', 'sofa'],
          ['wardrobe', 'armoire'],
        ]),
      'PUT /api/search/synonyms': ({ body }) => {
        sent = body
        return json(body!)
      },
    })
    const { user, queryClient } = renderRoutes(routes, '/dashboard/synonyms')
    queryClient.setQueryData(productKeys.search('q=sofa'), { pages: [], pageParams: [] })
    expect(await screen.findByLabelText('Group 1')).toHaveValue('couch, sofa')
    expect(screen.getByLabelText('Group 2')).toHaveValue('wardrobe, armoire')

    await user.type(screen.getByLabelText('Group 1'), ', settee')
    await user.click(screen.getByRole('button', { name: 'Remove group 2' }))
    await user.click(screen.getByRole('button', { name: 'Add a group' }))
    await user.type(screen.getByLabelText('Group 2'), 'stuhl sessel')
    await user.click(screen.getByRole('button', { name: 'Add a group' }))
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }))

    expect(await screen.findByText('Synonyms saved')).toBeInTheDocument()
    // The empty third group is left out.
    expect(sent).toEqual([
      ['couch', 'sofa', 'settee'],
      ['stuhl', 'sessel'],
    ])
    expect(screen.getByLabelText('Group 2')).toHaveValue('stuhl, sessel')
    expect(screen.queryByLabelText('Group 3')).not.toBeInTheDocument()
    // Searches may find other listings now.
    expect(queryClient.getQueryState(productKeys.search('q=sofa'))?.isInvalidated).toBe(true)
  })

  it('shows a refused group under it, as typed', async () => {
    mockApi({
      'GET /api/search/synonyms': () => json([]),
      'PUT /api/search/synonyms': () =>
        apiError(422, 'Please correct the highlighted fields', { 'synonyms.1': 'Give a group two words or more' }),
    })
    const { user } = renderRoutes(routes, '/dashboard/synonyms')
    expect(await screen.findByText('No synonyms yet.')).toBeInTheDocument()
    for (const words of ['couch sofa', '', 'chair']) {
      await user.click(screen.getByRole('button', { name: 'Add a group' }))
      if (words) await user.type(screen.getByLabelText(`Group ${screen.getAllByRole('listitem').length}`), words)
    }
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }))
    // The server's second group is the third line: the empty one was not sent.
    await waitFor(() => expect(screen.getByLabelText('Group 3')).toHaveAccessibleDescription('Give a group two words or more'))
    expect(screen.getByLabelText('Group 1')).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText('Synonyms saved')).not.toBeInTheDocument()
  })

  it('previews what a word finds through the search', async () => {
    const fetch = mockApi({
      'GET /api/search/synonyms': () => json([['couch', 'sofa']]),
      'GET /api/products': () =>
        json({ ...list([makeProduct({ id: 1, product: 'Red sofa' }), makeProduct({ id: 2, product: 'Green couch' })], 7) }),
    })
    const { user } = renderRoutes(routes, '/dashboard/synonyms')
    await user.type(await screen.findByLabelText('Word'), ' couch ')
    await user.click(screen.getByRole('button', { name: 'Show what it finds' }))

    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('“couch” finds 7 listings:')
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Red sofa', 'Green couch'])
    expect(fetch).toHaveBeenCalledWith('/api/products?q=couch&limit=5', expect.anything())
  })

  it('previews a word that finds nothing, with the suggestion', async () => {
    mockApi({
      'GET /api/search/synonyms': () => json([]),
      'GET /api/products': () => json({ ...list([]), suggestion: 'stuhl' }),
    })
    const { user } = renderRoutes(routes, '/dashboard/synonyms')
    await user.type(await screen.findByLabelText('Word'), 'stuh')
    await user.click(screen.getByRole('button', { name: 'Show what it finds' }))
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('“stuh” finds no listings.')
    expect(status).toHaveTextContent('Did you mean “stuhl”?')
  })
})
