import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Conversation } from '@/testing/fixtures'
import { buyer, list, makeConversation, makeMessage, seller } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { MessagesRoute } from './messages'

const routes = [{ path: '/dashboard/messages/:id', element: <MessagesRoute /> }]

function open(conversation: Conversation) {
  mockApi({
    'GET /api/auth/me': () => json(conversation.role === 'seller' ? seller : buyer),
    'GET /api/conversations': () => json(list([conversation])),
    'GET /api/conversations/:id': () => json(conversation),
    'GET /api/conversations/:id/messages': () => json(list([makeMessage({ id: 1 })])),
  })
  renderRoutes(routes, '/dashboard/messages/3')
}

const asSeller = makeConversation({ id: 3, role: 'seller', other: { id: buyer.id, name: buyer.name, image: '' } })

describe("A conversation: the other person's page", () => {
  it("links the buyer's name for the seller once the buyer booked", async () => {
    open({ ...asSeller, booking: { id: 9, status: 'Declined', pickup_at: null } })
    const header = (await screen.findByRole('link', { name: 'Back to messages' })).closest('header')!
    expect(await within(header).findByRole('link', { name: buyer.name })).toHaveAttribute('href', `/sellers/${buyer.id}`)
  })

  it("names a buyer who only asked without a link: their page is not the seller's to see", async () => {
    open(asSeller)
    const header = (await screen.findByRole('link', { name: 'Back to messages' })).closest('header')!
    expect(header).toHaveTextContent(buyer.name)
    expect(within(header).queryByRole('link', { name: buyer.name })).not.toBeInTheDocument()
  })

  it("links the seller's name for the buyer", async () => {
    open(makeConversation({ id: 3 }))
    const header = (await screen.findByRole('link', { name: 'Back to messages' })).closest('header')!
    expect(await within(header).findByRole('link', { name: seller.name })).toHaveAttribute('href', `/sellers/${seller.id}`)
  })
})
