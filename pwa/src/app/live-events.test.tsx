import { act, render, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { authKeys } from '@/lib/query-keys'
import { FakeEventSource } from '@/testing/fake-event-source'
import { buyer } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { createTestQueryClient } from '@/testing/render'
import { LiveEvents } from './live-events'

function renderLive() {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  const client = createTestQueryClient()
  render(
    <QueryClientProvider client={client}>
      <LiveEvents />
    </QueryClientProvider>,
  )
  return client
}

describe('LiveEvents', () => {
  it('follows the stream while someone is signed in, and closes it at Log Out', async () => {
    mockApi({ 'GET /api/auth/me': () => json(buyer) })
    const client = renderLive()
    await waitFor(() => expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']))
    act(() => client.setQueryData(authKeys.me(), null))
    await waitFor(() => expect(FakeEventSource.opened[0]?.closed).toBe(true))
  })

  it('opens nothing for a visitor', async () => {
    mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first') })
    const client = renderLive()
    // The stream opens only on a user's answer: once "nobody" has come and been drawn, none will.
    await waitFor(() => expect(client.getQueryState(authKeys.me())?.status).toBe('success'))
    expect(client.getQueryData(authKeys.me())).toBeNull()
    expect(FakeEventSource.opened).toEqual([])
  })
})
