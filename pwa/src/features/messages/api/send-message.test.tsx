import { renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { listen } from '@/lib/live-events'
import { FakeEventSource } from '@/testing/fake-event-source'
import { list, makeMessage } from '@/testing/fixtures'
import { json, mockApi, only } from '@/testing/mock-api'
import { createTestQueryClient } from '@/testing/render'
import { useMessages } from './get-messages'
import { useSendMessage } from './send-message'

const sent = makeMessage({ id: 12, conversation_id: 3, text: 'Still for sale?', mine: true })

let client: ReturnType<typeof createTestQueryClient>
let threadFetches: number

beforeEach(() => {
  threadFetches = 0
  mockApi({
    'GET /api/conversations/:id/messages': only({ id: '3' }, () => {
      threadFetches++
      return json(list([sent]))
    }),
    'POST /api/conversations/:id/messages': only({ id: '3' }, () => json(sent, 201)),
  })
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  client = createTestQueryClient()
})

afterEach(() => client.clear())

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

/** Sends a message from an open thread and waits until nothing is being fetched. */
async function sendInThread() {
  const { result } = renderHook(() => ({ thread: useMessages(3), send: useSendMessage() }), { wrapper })
  await waitFor(() => expect(result.current.thread.query.isSuccess).toBe(true))
  expect(threadFetches).toBe(1)
  result.current.send.mutate({ input: { conversationId: 3, text: 'Still for sale?' }, idempotencyKey: 'k' })
  await waitFor(() => expect(result.current.send.isSuccess).toBe(true))
  await waitFor(() => expect(client.isFetching()).toBe(0))
}

describe('sending a message', () => {
  it('refetches the thread once, from the live event that echoes it, while the stream is open', async () => {
    const stop = listen(client)
    const stream = FakeEventSource.opened[0]
    stream?.connect()
    await sendInThread()
    stream?.emit('message', { conversation_id: 3, message_id: sent.id })
    await waitFor(() => expect(client.isFetching()).toBe(0))
    expect(threadFetches).toBe(2)
    stop()
  })

  it('refetches the thread itself when no stream is open', async () => {
    await sendInThread()
    expect(threadFetches).toBe(2)
  })
})
