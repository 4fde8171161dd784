import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyer, site } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('the language picker in the footer', () => {
  it('lists each language in its own words and switches the app at once, remembered for the visitor', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first'), 'GET /api/site': () => json(site) })
    const { user } = await renderApp('/about')
    const footer = await screen.findByRole('contentinfo')
    const picker = within(footer).getByRole('combobox', { name: 'Language' })
    expect(picker).toHaveValue('en')
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français'])

    await user.selectOptions(picker, 'Deutsch')
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'))
    expect(await within(footer).findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Startseite' })).toBeInTheDocument()
    expect(localStorage.getItem('rehome.language')).toBe('de')

    await user.selectOptions(within(footer).getByRole('combobox', { name: 'Sprache' }), 'Français')
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'fr'))
    expect(await within(footer).findByRole('link', { name: 'Confidentialité' })).toBeInTheDocument()
  })
})

describe('the language shown', () => {
  it('is the signed-in person’s own', async () => {
    mockApi({
      'GET /api/auth/me': () => json({ ...buyer, language: 'fr' }),
      'GET /api/site': () => json(site),
    })
    await renderApp('/about')
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'fr'))
    expect(await screen.findByRole('combobox', { name: 'Langue' })).toHaveValue('fr')
  })

  it('is the marketplace’s when the browser asks for none we have', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['nl-NL'], configurable: true })
    try {
      mockApi({
        'GET /api/auth/me': () => apiError(401, 'Sign in first'),
        'GET /api/site': () => json({ ...site, language: 'de' }),
      })
      await renderApp('/about')
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'))
      expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    } finally {
      // The prototype's getter, jsdom's own, shows through again.
      delete (navigator as { languages?: unknown }).languages
    }
  })
})

describe('the language picked in the footer', () => {
  it('is saved to the signed-in person’s account, so it follows them to their other devices', async () => {
    const fetch = mockApi({
      'GET /api/auth/me': () => json({ ...buyer, language: 'en' }),
      'GET /api/site': () => json(site),
      'PATCH /api/auth/me': ({ body }) => json({ ...buyer, ...(body as object) }),
    })
    const { user } = await renderApp('/about')
    const footer = await screen.findByRole('contentinfo')
    await user.selectOptions(within(footer).getByRole('combobox', { name: 'Language' }), 'Deutsch')
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/auth/me',
        expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ language: 'de' }) }),
      ),
    )
    // The account's answer keeps it German, and so does this device.
    expect(await within(footer).findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'))
    expect(localStorage.getItem('rehome.language')).toBe('de')
  })

  it('stays on the device when nobody is signed in', async () => {
    const fetch = mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first'), 'GET /api/site': () => json(site) })
    const { user } = await renderApp('/about')
    const footer = await screen.findByRole('contentinfo')
    await user.selectOptions(within(footer).getByRole('combobox', { name: 'Language' }), 'Français')
    expect(await within(footer).findByRole('combobox', { name: 'Langue' })).toHaveValue('fr')
    expect(localStorage.getItem('rehome.language')).toBe('fr')
    expect(fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toEqual([])
  })
})
