import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '@/lib/format'
import { buyer, list, makeConversation, makeMessage, seller } from '@/testing/fixtures'
import { apiError, json, mockApi, type MockRoutes } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { MessagesRoute } from '../routes/messages'

const routes = [{ path: '/dashboard/messages/:id', element: <MessagesRoute /> }]
const theirs = makeMessage({ id: 2, mine: false, sender_id: seller.id, text: 'Pay me first, by wire' })
const theirName = `the message from ${seller.name}, ${formatDateTime(theirs.time)}`

/** The buyer, in their conversation with the seller: one message each. */
function setup(handlers: MockRoutes = {}) {
  const fetch = mockApi({
    'GET /api/auth/me': () => json(buyer),
    'GET /api/conversations': () => json(list([])),
    'GET /api/conversations/:id': () => json(makeConversation()),
    'GET /api/conversations/:id/messages': () => json(list([makeMessage({ id: 1, mine: true }), theirs])),
    'GET /api/blocks': () => json(list([])),
    'POST /api/conversations/:id/read': () => json({ unread: 0 }),
    ...handlers,
  })
  return { fetch, ...renderRoutes(routes, '/dashboard/messages/3') }
}

function sentReports(fetch: ReturnType<typeof mockApi>) {
  return fetch.mock.calls
    .filter(([url, init]) => url === '/api/reported' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)))
}

describe('Reporting a message', () => {
  it('is offered on the messages from the other person only', async () => {
    setup()
    const thread = await screen.findByRole('list', { name: 'Messages' })
    await within(thread).findByText('Pay me first, by wire')
    const [mine, other] = within(thread).getAllByRole('listitem')
    expect(within(mine!).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument()
    expect(within(other!).getByRole('button', { name: `Report: ${theirName}` })).toHaveTextContent(/^Report$/)
  })

  it('is reached by keyboard, asks first showing the message, and sends it with the reason', async () => {
    const { fetch, user } = setup({ 'POST /api/reported': () => json({ message_id: 2 }, 201) })
    const report = await screen.findByRole('button', { name: `Report: ${theirName}` })
    report.focus()
    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Report this message?' })
    expect(dialog).toHaveTextContent('Pay me first, by wire')
    expect(dialog).toHaveTextContent(
      `An admin will read this message from ${seller.name} with the messages before it in your conversation.`,
    )
    const reason = within(dialog).getByLabelText('Reason (optional)')
    await user.click(reason)
    await user.keyboard('Asks for a wire transfer')
    await user.tab()
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Report' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Reported successfully')).toBeInTheDocument()
    expect(sentReports(fetch)).toEqual([{ message_id: 2, reason: 'Asks for a wire transfer' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this message?' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: `Reported: ${theirName}` })).toHaveAttribute('aria-disabled', 'true')
  })

  it("says the server's refusal in a toast", async () => {
    const { user } = setup({ 'POST /api/reported': () => apiError(409, 'You have already reported this message') })
    await user.click(await screen.findByRole('button', { name: `Report: ${theirName}` }))
    await user.click(within(screen.getByRole('dialog', { name: 'Report this message?' })).getByRole('button', { name: 'Report' }))
    expect(await screen.findByText('You have already reported this message')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Reported: ${theirName}` })).toBeInTheDocument()
  })
})
