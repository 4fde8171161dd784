import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { NotFoundRoute } from './not-found'

describe('the screen for an address that leads nowhere', () => {
  it('says so, in the app’s language', async () => {
    mockApi({})
    renderRoutes([{ path: '*', element: <NotFoundRoute /> }], '/nowhere')
    expect(screen.getByRole('heading', { name: 'Error 404' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toMatch(/^Error 404 · /))

    await act(() => setLanguage('de'))
    expect(await screen.findByRole('heading', { name: 'Fehler 404' })).toBeInTheDocument()
    expect(screen.getByText('Du hast dich im Wald verlaufen')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.title).toMatch(/^Fehler 404 · /))
  })
})
