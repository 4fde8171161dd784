import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { followOutcome } from '@/lib/offline/sent-outcome'
import { reportUnreachable } from '@/lib/connectivity'
import type { BlockedUser } from '@/testing/fixtures'
import { buyer, list, makeConversation, makeMessage, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { MessagesRoute } from '../routes/messages'
import { BlockDialog } from './blocking'

const routes = [{ path: '/dashboard/messages/:id', element: <MessagesRoute /> }]
const explained = "They won't be able to message you or book your listings, and you won't see their listings. They are not told."

/** The seller, in their conversation with the buyer. */
function setup(handlers: MockRoutes = {}) {
  let blocks: BlockedUser[] = []
  const fetch = mockApi({
    'GET /api/auth/me': () => json(seller),
    'GET /api/conversations': () => json(list([])),
    'GET /api/conversations/:id': () =>
      json(makeConversation({ role: 'seller', other: { id: buyer.id, name: buyer.name, image: buyer.image } })),
    'GET /api/conversations/:id/messages': () => json(list([makeMessage({ id: 1, mine: false })])),
    'GET /api/blocks': () => json(list(blocks)),
    'POST /api/users/:id/block': ({ params }) => {
      blocks = [{ id: Number(params.id), name: buyer.name, image: buyer.image, since: '2026-11-27T09:00:00Z' }]
      return json(null, 204)
    },
    'DELETE /api/users/:id/block': () => {
      blocks = []
      return json(null, 204)
    },
    ...handlers,
  })
  return { fetch, ...renderRoutes(routes, '/dashboard/messages/3') }
}

describe('Blocking from a conversation', () => {
  it('blocks after saying what it does; the thread says so, the composer is off, and Unblock undoes it', async () => {
    const { fetch, user } = setup()
    const more = await screen.findByRole('button', { name: 'More actions' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    await user.click(more)
    expect(more).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: `Block ${buyer.name}` }))

    const dialog = screen.getByRole('dialog', { name: `Block ${buyer.name}?` })
    expect(dialog).toHaveTextContent(explained)
    expect(fetch).not.toHaveBeenCalledWith(`/api/users/${buyer.id}/block`, expect.anything())
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))

    expect(await screen.findByText(`You blocked ${buyer.name}.`)).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/users/${buyer.id}/block`, expect.objectContaining({ method: 'POST' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByLabelText(`Message to ${buyer.name}`)).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument()
    // The focus goes to what replaced the action.
    await waitFor(() => expect(screen.getByText(`You blocked ${buyer.name}.`).closest('[tabindex="-1"]')).toHaveFocus())

    await user.click(screen.getByRole('button', { name: `Unblock ${buyer.name}` }))
    expect(await screen.findByText(`Unblocked ${buyer.name}`)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText(`Message to ${buyer.name}`)).toBeEnabled())
    expect(screen.queryByText(`You blocked ${buyer.name}.`)).not.toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith(`/api/users/${buyer.id}/block`, expect.objectContaining({ method: 'DELETE' }))
    await waitFor(() => expect(screen.getByLabelText(`Message to ${buyer.name}`)).toHaveFocus())
  })

  it('shows a conversation with someone blocked earlier as blocked', async () => {
    setup({
      'GET /api/blocks': () => json(list([{ id: buyer.id, name: buyer.name, image: '', since: '2026-11-20T09:00:00Z' }])),
    })
    expect(await screen.findByText(`You blocked ${buyer.name}.`)).toBeInTheDocument()
    expect(screen.getByLabelText(`Message to ${buyer.name}`)).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('cancels without blocking, and Escape closes the menu', async () => {
    const { fetch, user } = setup()
    const more = await screen.findByRole('button', { name: 'More actions' })
    await user.click(more)
    await user.keyboard('{Escape}')
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(more).toHaveFocus()
    await user.click(more)
    await user.click(screen.getByRole('button', { name: `Block ${buyer.name}` }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalledWith(`/api/users/${buyer.id}/block`, expect.anything())
    expect(screen.getByLabelText(`Message to ${buyer.name}`)).toBeEnabled()
  })

  it('says that the open booking between them will be cancelled, and only then', async () => {
    const cancels =
      'The booking of Oak table between you will be cancelled. You will both be told it was cancelled, not who blocked whom.'
    for (const [status, says] of [
      ['Booked', true],
      ['Paid', false],
      ['Cancelled', false],
    ] as const) {
      const { user, unmount } = setup({
        'GET /api/conversations/:id': () =>
          json(
            makeConversation({
              role: 'seller',
              other: { id: buyer.id, name: buyer.name, image: buyer.image },
              booking: { id: 9, status, pickup_at: null },
            }),
          ),
      })
      await user.click(await screen.findByRole('button', { name: 'More actions' }))
      await user.click(screen.getByRole('button', { name: `Block ${buyer.name}` }))
      const dialog = screen.getByRole('dialog', { name: `Block ${buyer.name}?` })
      if (says) expect(dialog).toHaveTextContent(cancels)
      else expect(dialog).not.toHaveTextContent('will be cancelled')
      unmount()
    }
  })

  it("shows the server's refusal in the dialog", async () => {
    const { user } = setup({ 'POST /api/users/:id/block': () => apiError(409, 'You cannot block yourself') })
    await user.click(await screen.findByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('button', { name: `Block ${buyer.name}` }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot block yourself')
  })
})

describe('A message refused because of a block', () => {
  it('says so above the composer, keeping the text', async () => {
    const { user } = setup({ 'POST /api/conversations/:id/messages': () => apiError(403, 'You cannot message this person') })
    const box = await screen.findByLabelText(`Message to ${buyer.name}`)
    await user.type(box, 'Are you still there?{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot message this person')
    expect(box).toHaveValue('Are you still there?')
  })

  it('written offline, it shows in the thread as not sent, with why, once the outbox hears the refusal', async () => {
    const { user, offline, queryClient } = setup({
      'POST /api/conversations/:id/messages': () => apiError(403, 'You cannot message this person'),
    })
    const box = await screen.findByLabelText(`Message to ${buyer.name}`)
    await screen.findByText('Message 1')
    act(() => reportUnreachable())
    await user.type(box, 'See you at six{Enter}')
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument()

    await act(() => offline.outbox.send(seller.id, (outcome) => followOutcome(queryClient, outcome)))
    const thread = screen.getByRole('list', { name: 'Messages' })
    const refused = await within(thread).findByText('Not sent: You cannot message this person')
    expect(refused.closest('li')).toHaveTextContent('See you at six')
    expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument()
    expect(await screen.findByText('Oak table: You cannot message this person')).toBeInTheDocument()

    await user.click(within(thread).getByRole('button', { name: 'Dismiss the message not sent' }))
    expect(within(thread).queryByText('See you at six')).not.toBeInTheDocument()
  })
})

describe('The block dialog in German and French', () => {
  it.each([
    ['de', 'Diese Person kann dir dann keine Nachrichten mehr schreiben'],
    ['fr', 'Cette personne ne pourra plus vous écrire'],
  ] as const)('explains blocking in %s', async (locale, inLocale) => {
    await setLanguage(locale)
    try {
      mockApi({})
      renderRoutes(
        [{ path: '/', element: <BlockDialog person={{ id: 4, name: 'Sam' }} open onClose={() => {}} onBlocked={() => {}} /> }],
        '/',
      )
      expect(await screen.findByText(new RegExp(`^${inLocale}`))).toBeInTheDocument()
      expect(screen.queryByText(explained)).not.toBeInTheDocument()
    } finally {
      await setLanguage('en')
    }
  })
})
