import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { siteKeys } from '@/lib/query-keys'
import { defaultSite } from '@/lib/site'
import { site, type Site } from '@/testing/fixtures'
import { apiError, json, mockApi, undocumented } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { SiteSettingsRoute } from './site-settings'

const routes = [{ path: '/dashboard/site', element: <SiteSettingsRoute /> }]

const saved: Site = {
  ...site,
  name: 'Riverside Swap',
  about: 'Run by neighbours.',
  rules: '- Be kind',
  privacy: 'We keep little.',
  terms: 'Use it well.',
}

describe('Site settings', () => {
  it('fills every field from the saved settings', async () => {
    mockApi({ 'GET /api/site': () => json({ ...saved, contact_email: 'admins@riverside.example', public_listings: true }) })
    renderRoutes(routes, '/dashboard/site')
    expect(screen.getByRole('heading', { level: 1, name: 'Site settings' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Name')).toHaveValue('Riverside Swap')
    expect(screen.getByLabelText('Tagline')).toHaveValue(defaultSite.tagline)
    expect(screen.getByLabelText('Contact email')).toHaveValue('admins@riverside.example')
    expect(screen.getByLabelText('About')).toHaveValue('Run by neighbours.')
    expect(screen.getByLabelText('Rules')).toHaveValue('- Be kind')
    expect(screen.getByLabelText('Privacy')).toHaveValue('We keep little.')
    expect(screen.getByLabelText('Terms')).toHaveValue('Use it well.')
    const visitors = screen.getByRole('checkbox', { name: 'Let visitors browse the listings without an account' })
    expect(visitors).toBeChecked()
    expect(visitors).toHaveAccessibleDescription(expect.stringContaining("nobody's email or phone is shown"))
  })

  it('previews the Markdown as it is typed, with safe links', async () => {
    mockApi({ 'GET /api/site': () => json(saved) })
    const { user } = renderRoutes(routes, '/dashboard/site')
    const about = await screen.findByLabelText('About')
    await user.clear(about)
    await user.type(about, 'We meet at [[the hall](https://hall.example).{enter}{enter}**Welcome**')
    await user.click(within(screen.getByRole('group', { name: 'Show About' })).getByRole('button', { name: 'Preview' }))
    const preview = screen.getByRole('region', { name: 'Preview of About' })
    await waitFor(() => expect(within(preview).getByRole('link', { name: 'the hall' })).toHaveAttribute('rel', 'nofollow ugc'))
    expect(within(preview).getByText('Welcome').tagName).toBe('STRONG')
    expect(within(screen.getByRole('group', { name: 'Show About' })).getByRole('button', { name: 'Preview' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it('saves every field, says so and refreshes the site everywhere', async () => {
    let sent: unknown
    let current = saved
    mockApi({
      'GET /api/site': () => json(current),
      'PUT /api/site': ({ body }) => {
        sent = body
        current = { ...current, ...(body as Partial<Site>) }
        return json(current)
      },
    })
    const { user, queryClient } = renderRoutes(routes, '/dashboard/site')
    const name = await screen.findByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Hillside Market')
    await user.type(screen.getByLabelText('Contact email'), 'admins@hillside.example')
    await user.click(screen.getByRole('checkbox', { name: /Let visitors browse/ }))
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    expect(await screen.findByText('Site settings saved')).toBeInTheDocument()
    expect(sent).toEqual({
      ...saved,
      name: 'Hillside Market',
      contact_email: 'admins@hillside.example',
      public_listings: true,
    })
    expect(queryClient.getQueryData<Site>(siteKeys.settings())?.name).toBe('Hillside Market')
  })

  it("shows the server's field errors under their fields", async () => {
    mockApi({
      'GET /api/site': () => json(saved),
      'PUT /api/site': () =>
        apiError(422, 'Check the fields', {
          contact_email: 'Enter a valid email address',
          rules: 'Use at most 20000 characters',
        }),
    })
    const { user } = renderRoutes(routes, '/dashboard/site')
    await user.type(await screen.findByLabelText('Contact email'), 'nobody')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.getByLabelText('Contact email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Contact email')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid email address'),
    )
    expect(screen.getByLabelText('Rules')).toHaveAccessibleDescription(expect.stringContaining('Use at most 20000 characters'))
    expect(screen.queryByText('Site settings saved')).not.toBeInTheDocument()
  })

  it('asks for a name before sending', async () => {
    const fetch = mockApi({ 'GET /api/site': () => json(saved) })
    const { user } = renderRoutes(routes, '/dashboard/site')
    await user.clear(await screen.findByLabelText('Name'))
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith('/api/site', expect.objectContaining({ method: 'PUT' }))
  })

  it("chooses the marketplace's language, saying that search is rebuilt", async () => {
    let sent: unknown
    let current: Site = { ...saved, language: 'en' }
    mockApi({
      'GET /api/site': () => json(current),
      'PUT /api/site': ({ body }) => {
        sent = body
        current = { ...current, ...(body as Partial<Site>) }
        return json(current)
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/site')
    const language = await screen.findByLabelText("The marketplace's language")
    expect(language).toHaveValue('en')
    expect(language).toHaveAccessibleDescription(expect.stringContaining('rebuilds the search index'))
    expect(screen.queryByText(/Saving rebuilds the search index/)).not.toBeInTheDocument()
    await user.selectOptions(language, 'Deutsch')
    expect(
      screen.getByText('Saving rebuilds the search index in Deutsch; searches give the new results once it is saved.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    expect(await screen.findByText('Site settings saved')).toBeInTheDocument()
    expect(sent).toEqual({ ...saved, language: 'de' })
    await waitFor(() => expect(screen.queryByText(/Saving rebuilds the search index/)).not.toBeInTheDocument())
  })

  it('leaves the language alone when the kept settings do not tell it', async () => {
    let sent: unknown
    // Kept before the server said its language.
    const kept: Partial<Site> = { ...saved }
    delete kept.language
    mockApi({
      'GET /api/site': () => undocumented(kept),
      'PUT /api/site': ({ body }) => {
        sent = body
        return json({ ...saved, language: 'fr' })
      },
    })
    const { user } = renderRoutes(routes, '/dashboard/site')
    await user.type(await screen.findByLabelText('Tagline'), '!')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Site settings saved')).toBeInTheDocument()
    expect(sent).not.toHaveProperty('language')
  })
})
